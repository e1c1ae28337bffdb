import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ErrorBanner, useDialogExit } from '@aba/web-kit/forms';
import { CHILD_RESTORE_DAYS, type Child } from '@aba/contracts/api';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useDeleteChildMutation } from '../api/children-api.js';
import { confirmsFirstName, fullName, restorableUntil } from '../utils/child-view.js';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: { margin: 0 },
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
 * The delete confirmation of the children list (loaded with its first use; issue 13, point 4, ADR 0021): the spec's
 * question 'Are you sure you want to delete this child?', what happens (gone from the lists, restorable for
 * `CHILD_RESTORE_DAYS` days, then erased), and Delete enabled only once the child's first name is typed
 * (`confirmsFirstName`). After deleting, the dialog closes, then `onDeleted` runs; a failure shows translated inside
 * the dialog, which stays open. Closed without deleting (Cancel, Escape), it calls `onDismissed` once it has left the
 * page, for the focus to go back to where the delete was asked for.
 */
export function DeleteChildDialog({
  child,
  open,
  onOpenChange,
  onDismissed,
  onDeleted,
}: {
  child: Child;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDismissed: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translateError = useServerErrorTranslator();
  const [deleteChild, { isLoading }] = useDeleteChildMutation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = isLoading || leaving;
  const confirmed = confirmsFirstName(typed, child);
  // The list drops the child's card once it is deleted: the dialog must have left the page first (see useDialogExit).
  const { afterExit, surfaceRef } = useDialogExit();

  const onDelete = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !confirmed) return;
    setError(null);
    try {
      await deleteChild(child.id).unwrap();
      setLeaving(true);
      afterExit(onDeleted);
      onOpenChange(false);
    } catch (failure) {
      setError(failure);
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
          setTyped('');
          afterExit(onDismissed);
        }
        onOpenChange(data.open);
      }}
    >
      <DialogSurface ref={surfaceRef}>
        <form onSubmit={(event) => void onDelete(event)}>
          <DialogBody>
            <DialogTitle>{t('childDelete.question')}</DialogTitle>
            <DialogContent className={styles.content}>
              {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
              <p className={styles.details}>
                {t('childDelete.details', {
                  name: fullName(child),
                  days: CHILD_RESTORE_DAYS,
                  date: restorableUntil(new Date()),
                })}
              </p>
              <Field
                label={t('childDelete.confirmLabel', { firstName: child.first_name })}
                hint={t('childDelete.confirmHint')}
              >
                <Input
                  value={typed}
                  onChange={(_event, data) => setTyped(data.value)}
                  autoComplete="off"
                  spellCheck={false}
                  readOnly={busy}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="secondary" disabledFocusable={busy}>
                  {t('actions.cancel')}
                </Button>
              </DialogTrigger>
              <Button
                type="submit"
                appearance="primary"
                className={confirmed ? styles.danger : undefined}
                disabledFocusable={busy || !confirmed}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {t('actions.delete')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
