import { useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import {
  Button,
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

export interface DeleteBehaviorDialogProps {
  childId: string;
  /** The behaviour to confirm the deletion of; null when closed. */
  behavior: Behavior | null;
  onClose: () => void;
}

/** "Delete behavior?" confirmation; the behaviour goes with its logs and ABC entries. */
export function DeleteBehaviorDialog({ childId, behavior, onClose }: DeleteBehaviorDialogProps) {
  const { t } = useTranslation('behaviors');
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [deleteBehavior, { isLoading }] = useDeleteBehaviorMutation();
  const [error, setError] = useState<unknown>(null);
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState<Behavior | null>(behavior);

  useEffect(() => {
    if (behavior) {
      setShown(behavior);
      setError(null);
    }
  }, [behavior]);

  async function confirm() {
    if (!behavior) return;
    try {
      await deleteBehavior({ childId, behaviorId: behavior.id }).unwrap();
      toast(t('deleteDialog.deleted', { name: behavior.name }));
      onClose();
    } catch (failure) {
      if (redirectIfUnlicensed(failure)) return;
      setError(failure);
    }
  }

  return (
    <Dialog open={behavior !== null} modalType="alert" onOpenChange={(_event, data) => (data.open ? null : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogContent>
            {error ? <ErrorBanner>{errorText(error)}</ErrorBanner> : null}
            <p>{t('deleteDialog.body', { name: shown?.name ?? '' })}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={isLoading}>
              {t('deleteDialog.cancel')}
            </Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={isLoading}>
              {t('deleteDialog.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
