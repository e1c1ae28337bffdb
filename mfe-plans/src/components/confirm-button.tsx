import { useTranslation } from '@aba/web-kit';
import { ConfirmDialog } from '@aba/web-kit/forms';
import { Button, type ButtonProps } from '@fluentui/react-components';
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

/** A button that asks first: web-kit's confirmation with the question, Cancel and the confirming action. */
export function ConfirmButton({ trigger, title, children, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation('plans');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...trigger} onClick={() => setOpen(true)} />
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel ?? t('common.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
