import { itemDescriptionProblem, PlanLimits } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { useErrorText } from '../../../lib/use-error-text.js';

const useStyles = makeStyles({
  form: { marginBottom: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  field: { flexGrow: 1, minWidth: '12rem', maxWidth: '36rem' },
  input: { minHeight: '44px' },
  error: { marginTop: tokens.spacingVerticalS },
});

/**
 * The top row of the sub-plan page: a description and Add item; sent only when the description is not empty (spec §5).
 * A failed add says so beside the button, keeps what was typed and offers Retry (issue 13, point 10).
 */
export function NewItemRow({
  busy,
  error,
  onCreate,
  onDismissError,
}: {
  busy: boolean;
  error: unknown;
  onCreate: (description: string) => Promise<boolean>;
  onDismissError: () => void;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const errorText = useErrorText();
  const [description, setDescription] = useState('');
  const [failures, setFailures] = useState(0);
  const empty = itemDescriptionProblem(description) !== null;

  const submit = async () => {
    if (empty || busy) return;
    if (await onCreate(description.trim())) setDescription('');
    else setFailures((n) => n + 1);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={t('subPlanDetail.newItem.form')}>
      <div className={styles.row}>
        <Field label={t('subPlanDetail.newItem.label')} className={styles.field}>
          <Input
            input={{ className: styles.input }}
            value={description}
            maxLength={PlanLimits.itemDescriptionMax}
            placeholder={t('subPlanDetail.newItem.placeholder')}
            onChange={(_event, data) => setDescription(data.value)}
          />
        </Field>
        <Button
          className={tap.target}
          appearance="primary"
          type="submit"
          icon={<AddRegular />}
          disabled={empty || busy}
        >
          {t('subPlanDetail.newItem.add')}
        </Button>
      </div>
      {error ? (
        <div className={styles.error}>
          <ActionError
            focusKey={failures}
            action={
              <span className={tap.row}>
                <Button className={tap.target} appearance="primary" onClick={() => void submit()}>
                  {t('common.retry')}
                </Button>
                <Button className={tap.target} onClick={onDismissError}>
                  {t('common.dismiss')}
                </Button>
              </span>
            }
          >
            {`${t('feedback.itemCreateFailed', { name: description.trim() })} ${errorText(error)}`}
          </ActionError>
        </div>
      ) : null}
    </form>
  );
}
