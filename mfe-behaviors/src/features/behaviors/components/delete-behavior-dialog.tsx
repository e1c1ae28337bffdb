import { useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { ActionError, ConfirmDialog } from '@aba/web-kit/forms';
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
    <ConfirmDialog
      open={behavior !== null}
      title={t('deleteDialog.title')}
      confirmLabel={t('deleteDialog.confirm')}
      cancelLabel={t('deleteDialog.cancel')}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('deleteDialog.body', { name: shown?.name ?? '' })}</p>
      {failure ? (
        <ActionError focusKey={failure.count}>
          {t('deleteDialog.failed', { error: errorText(failure.error) })}
        </ActionError>
      ) : null}
    </ConfirmDialog>
  );
}
