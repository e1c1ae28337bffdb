import { useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import {
  Button,
  makeStyles,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useToast } from '../../../lib/toaster.js';
import { useDeleteBehaviorMutation } from '../api/delete-behavior.js';
import type { Behavior } from '../api/get-behaviors.js';

const useStyles = makeStyles({
  button: { minHeight: '44px' },
});

export interface DeleteBehaviorDialogProps {
  childId: string;
  /** The behaviour to confirm the deletion of; null when closed. */
  behavior: Behavior | null;
  onClose: () => void;
}

/** "Delete behavior?" confirmation; the behaviour goes with its logs and ABC entries. */
export function DeleteBehaviorDialog({ childId, behavior, onClose }: DeleteBehaviorDialogProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [deleteBehavior, { isLoading }] = useDeleteBehaviorMutation();
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState<Behavior | null>(behavior);

  useEffect(() => {
    if (behavior) {
      setShown(behavior);
      setFailure(null);
    }
  }, [behavior]);

  async function confirm() {
    if (!behavior) return;
    try {
      await deleteBehavior({ childId, behaviorId: behavior.id }).unwrap();
      toast(t('deleteDialog.deleted', { name: behavior.name }));
      onClose();
    } catch (error) {
      if (redirectIfUnlicensed(error)) return;
      setFailure((last) => ({ error, count: (last?.count ?? 0) + 1 }));
    }
  }

  return (
    <Dialog open={behavior !== null} modalType="alert" onOpenChange={(_event, data) => (data.open ? null : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogContent>
            <p>{t('deleteDialog.body', { name: shown?.name ?? '' })}</p>
            {failure ? (
              <ActionError focusKey={failure.count}>
                {t('deleteDialog.failed', { error: errorText(failure.error) })}
              </ActionError>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button className={styles.button} appearance="secondary" onClick={onClose} disabled={isLoading}>
              {t('deleteDialog.cancel')}
            </Button>
            <Button className={styles.button} appearance="primary" onClick={() => void confirm()} disabled={isLoading}>
              {t('deleteDialog.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
