import {
  isLicenceMissing,
  useLicenceRedirectHandler,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, useDialogExit } from '@aba/web-kit/forms';
import { ChildMessages, type Child } from '@aba/contracts/api';
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useDeleteChildMutation } from './api/children-api.js';
import { fullName } from './child-view.js';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteRedForeground2,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

/**
 * The dialog of {@link DeleteChildButton} (loaded with its first click): asks 'Are you sure you want to delete this
 * child?' with Cancel / Delete; after deleting, the dialog closes and the children list opens with 'The child was
 * deleted'. A failure shows translated inside the dialog, which stays open. Closed without deleting (Cancel,
 * Escape), it calls `onDismissed` once it has left the page, for the focus to go back to the button.
 */
export function DeleteChildDialog({
  child,
  open,
  onOpenChange,
  onDismissed,
}: {
  child: Child;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDismissed: () => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translateError = useServerErrorTranslator();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const navigate = useNavigate();
  const [deleteChild, { isLoading }] = useDeleteChildMutation();
  const [error, setError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = isLoading || leaving;
  // Leaving the page must wait until the dialog has closed (see useDialogExit).
  const { afterExit, surfaceRef } = useDialogExit();

  const onDelete = async () => {
    if (busy) return;
    setError(null);
    try {
      await deleteChild(child.id).unwrap();
      setLeaving(true);
      afterExit(() => navigate('/child/list', { state: { message: ChildMessages.childDeleted } }));
      onOpenChange(false);
    } catch (failure) {
      if (isLicenceMissing(failure)) {
        setLeaving(true);
        afterExit(() => redirectIfUnlicensed(failure));
        onOpenChange(false);
      } else {
        setError(failure);
      }
    }
  };

  return (
    <Dialog
      modalType="alert"
      open={open}
      onOpenChange={(_event, data) => {
        if (busy) return;
        if (!data.open) {
          setError(null);
          afterExit(onDismissed);
        }
        onOpenChange(data.open);
      }}
    >
      <DialogSurface ref={surfaceRef}>
        <DialogBody>
          <DialogTitle>{t('childFrame.deleteConfirm')}</DialogTitle>
          <DialogContent>
            {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
            <p>{t('childFrame.deleteDetails', { name: fullName(child) })}</p>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabledFocusable={busy}>
                {t('actions.cancel')}
              </Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              className={styles.danger}
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => void onDelete()}
            >
              {t('actions.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
