import { useTranslation } from '@aba/web-kit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  type ButtonProps,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTapTargetStyles } from '../lib/tap-target.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The confirming button's text (default "Delete"). */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel and the confirming action (an "alert" dialog: it must be answered). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('plans');
  const tap = useTapTargetStyles();
  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => (data.open ? undefined : onCancel())}
      modalType="alert"
    >
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {children ? <DialogContent>{children}</DialogContent> : null}
          <DialogActions>
            <Button className={tap.target} appearance="secondary" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button className={tap.target} appearance="primary" onClick={onConfirm}>
              {confirmLabel ?? t('common.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

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
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...trigger} onClick={() => setOpen(true)} />
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
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
