import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

// Tap targets of at least 44 × 44 px (WCAG 2.5.5): these questions are answered on phones.
const useStyles = makeStyles({ action: { minHeight: '44px', minWidth: '44px' } });

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the answer does, and the last attempt's error. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /**
   * The confirmed action is running: both buttons wait (still focusable, so the focus stays in the dialog) and the
   * dialog cannot be dismissed, so its outcome is not lost.
   */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, or Escape. */
  onCancel: () => void;
  /** For `useDialogExit`, when what follows must wait until the dialog has left the page. */
  surfaceRef?: Ref<HTMLDivElement>;
}

/**
 * A question that must be answered before something with large effects happens (role `alertdialog`): its title, what
 * it does, Cancel and the confirming action. Texts come translated from the caller.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
  surfaceRef,
}: ConfirmDialogProps) {
  const styles = useStyles();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface ref={surfaceRef}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {children ? <DialogContent>{children}</DialogContent> : null}
          <DialogActions>
            <Button
              className={styles.action}
              appearance="secondary"
              disabledFocusable={busy}
              onClick={onCancel}
            >
              {cancelLabel}
            </Button>
            <Button
              className={styles.action}
              appearance="primary"
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
