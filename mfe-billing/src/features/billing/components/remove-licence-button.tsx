import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError, ConfirmDialog } from '@aba/web-kit/forms';
import { Button } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useRemoveLicenseMutation } from '../api/remove-license.js';

export interface RemoveLicenceButtonProps {
  childSubscriptionId: string;
  childName: string;
  onRemoved: (childName: string) => void;
}

/**
 * The row's "Remove license" icon button and its confirmation dialog (role `alertdialog`). A failure keeps the
 * dialog open and says in it that the licence was not removed (focus moves there; Remove tries again).
 */
export function RemoveLicenceButton({ childSubscriptionId, childName, onRemoved }: RemoveLicenceButtonProps) {
  const { t } = useTranslation('billing');
  const translateError = useServerErrorTranslator('billing');
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const [removeLicense, { isLoading }] = useRemoveLicenseMutation();

  const close = () => {
    setOpen(false);
    setFailure(null);
  };

  const confirm = async () => {
    try {
      await removeLicense({ child_subscription_id: childSubscriptionId }).unwrap();
      close();
      onRemoved(childName);
    } catch (error) {
      setFailure((last) => ({ error, count: (last?.count ?? 0) + 1 }));
    }
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={<DeleteRegular />}
        aria-label={t('children.remove')}
        title={t('children.remove')}
        disabled={isLoading}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={t('removeDialog.title')}
        confirmLabel={t('removeDialog.confirm')}
        cancelLabel={t('removeDialog.cancel')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        <p>{t('removeDialog.text', { name: childName })}</p>
        {failure ? (
          <ActionError focusKey={failure.count}>
            {t('removeDialog.failed', { error: translateError(failure.error) })}
          </ActionError>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
