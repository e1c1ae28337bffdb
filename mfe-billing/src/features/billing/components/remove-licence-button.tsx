import { useTranslation } from '@aba/web-kit';
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
  onError: (error: unknown) => void;
}

/** The row's "Remove license" icon button and its confirmation dialog (role `alertdialog`). */
export function RemoveLicenceButton({
  childSubscriptionId,
  childName,
  onRemoved,
  onError,
}: RemoveLicenceButtonProps) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const [removeLicense, { isLoading }] = useRemoveLicenseMutation();

  const confirm = async () => {
    try {
      await removeLicense({ child_subscription_id: childSubscriptionId }).unwrap();
      setOpen(false);
      onRemoved(childName);
    } catch (error) {
      setOpen(false);
      onError(error);
    }
  };

  return (
    <Dialog
      modalType="alert"
      open={open}
      // While the call runs the dialog stays open (Escape does nothing) so its outcome is not lost.
      onOpenChange={(_event, data) => {
        if (!isLoading) setOpen(data.open);
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
          <DialogContent>{t('removeDialog.text', { name: childName })}</DialogContent>
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
