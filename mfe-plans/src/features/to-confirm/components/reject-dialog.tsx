import { REJECTION_REASONS, type MasterySuggestion, type RejectionReason } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { ConfirmDialog, ErrorBanner } from '@aba/web-kit/forms';
import { Field, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';

const useStyles = makeStyles({ radio: { minHeight: '44px', alignItems: 'center' } });

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

  const reject = () => {
    if (reason) onReject(reason);
    else setMissing(true);
  };

  return (
    <ConfirmDialog
      open={suggestion !== null}
      title={t('toConfirm.rejectTitle', { name: suggestion?.item_description ?? '' })}
      confirmLabel={t('toConfirm.reject')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onConfirm={reject}
      onCancel={close}
    >
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
    </ConfirmDialog>
  );
}
