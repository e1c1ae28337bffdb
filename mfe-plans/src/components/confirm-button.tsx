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
  type ButtonProps,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';

export interface ConfirmButtonProps {
  /** The trigger's props (its text, icon, `aria-label`). */
  trigger: ButtonProps;
  title: string;
  children?: ReactNode;
  /** The confirming button's text (default "Delete"). */
  confirmLabel?: string;
  onConfirm: () => void;
}

/** A button that asks first: a modal dialog with the question, Cancel and the confirming action. */
export function ConfirmButton({ trigger, title, children, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation('plans');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)} modalType="alert">
      <DialogTrigger disableButtonEnhancement>
        <Button {...trigger} />
      </DialogTrigger>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {children ? <DialogContent>{children}</DialogContent> : null}
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{t('common.cancel')}</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel ?? t('common.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
