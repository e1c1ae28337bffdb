import { REJECTION_REASONS, type MasterySuggestion, type RejectionReason } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';

const useStyles = makeStyles({
  action: { minHeight: '44px', minWidth: '44px' },
  radio: { minHeight: '44px', alignItems: 'center' },
});

export interface RejectDialogProps {
  /** The suggestion being rejected; null: the dialog is closed. */
  suggestion: MasterySuggestion | null;
  busy: boolean;
  /** The last attempt's error, translated. */
  error: string | null;
  onReject: (reason: RejectionReason) => void;
  onCancel: () => void;
}

/** Asks why a suggestion is rejected (one of REJECTION_REASONS), then rejects it; Escape or Cancel closes it. */
export function RejectDialog({ suggestion, busy, error, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setReason(null);
    setMissing(false);
    onCancel();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setMissing(true);
      return;
    }
    onReject(reason);
  };

  return (
    <Dialog
      open={suggestion !== null}
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) close();
      }}
    >
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>
              {t('toConfirm.rejectTitle', { name: suggestion?.item_description ?? '' })}
            </DialogTitle>
            <DialogContent>
              <Field
                label={t('toConfirm.reason')}
                required
                validationState={missing && !reason ? 'error' : 'none'}
                validationMessage={
                  missing && !reason ? t('serverErrors.masteryCall.rejectionReasonInvalid') : undefined
                }
              >
                <RadioGroup
                  value={reason ?? ''}
                  onChange={(_event, data) => setReason(data.value as RejectionReason)}
                >
                  {REJECTION_REASONS.map((option) => (
                    <Radio
                      key={option}
                      className={styles.radio}
                      value={option}
                      label={t(`toConfirm.reasons.${option}`)}
                    />
                  ))}
                </RadioGroup>
              </Field>
              {error ? <ErrorBanner>{error}</ErrorBanner> : null}
            </DialogContent>
            <DialogActions>
              <Button className={styles.action} disabledFocusable={busy} onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                className={styles.action}
                disabledFocusable={busy}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {t('toConfirm.reject')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
