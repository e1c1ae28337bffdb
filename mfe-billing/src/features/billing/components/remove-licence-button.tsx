import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Spinner,
} from '@fluentui/react-components';
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

  const confirm = async () => {
    try {
      await removeLicense({ child_subscription_id: childSubscriptionId }).unwrap();
      setOpen(false);
      onRemoved(childName);
    } catch (error) {
      setFailure((last) => ({ error, count: (last?.count ?? 0) + 1 }));
    }
  };

  return (
    <Dialog
      modalType="alert"
      open={open}
      // While the call runs the dialog stays open (Escape does nothing) so its outcome is not lost.
      onOpenChange={(_event, data) => {
        if (isLoading) return;
        setOpen(data.open);
        setFailure(null);
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('children.remove')}
          title={t('children.remove')}
          disabled={isLoading}
        />
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('removeDialog.title')}</DialogTitle>
          <DialogContent>
            <p>{t('removeDialog.text', { name: childName })}</p>
            {failure ? (
              <ActionError focusKey={failure.count}>
                {t('removeDialog.failed', { error: translateError(failure.error) })}
              </ActionError>
            ) : null}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabled={isLoading}>
                {t('removeDialog.cancel')}
              </Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              disabled={isLoading}
              icon={isLoading ? <Spinner size="tiny" aria-hidden /> : undefined}
              onClick={() => void confirm()}
            >
              {t('removeDialog.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
