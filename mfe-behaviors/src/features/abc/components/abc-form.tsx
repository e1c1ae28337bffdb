import { useLanguage, useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular, WarningRegular } from '@fluentui/react-icons';
import { useId, useReducer, useState, type FormEvent } from 'react';
import { useToast } from '../../../lib/toaster.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useSelectableListQuery } from '../api/get-selectable-list.js';
import { useLogAbcMutation } from '../api/log-abc.js';
import { abcFormReducer, abcSubmission, EMPTY_ABC_FORM } from '../hooks/abc-choice.js';
import { AbcChoiceColumn } from './abc-choice-column.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  columns: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  incomplete: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    color: tokens.colorStatusWarningForeground3,
  },
  save: { minHeight: '44px', minWidth: '8rem' },
});

export interface AbcFormProps {
  childId: string;
  behavior: { id: string; name: string };
}

/**
 * The ABC form (spec §2, §5): the behaviour's name, Antecedent and Consequence columns, and Save, disabled with
 * "Please select antecedent and consequence" until both are chosen. Saving reloads the log below.
 */
export function AbcForm({ childId, behavior }: AbcFormProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const { language } = useLanguage();
  const [state, dispatch] = useReducer(abcFormReducer, EMPTY_ABC_FORM);
  const [error, setError] = useState<unknown>(null);
  const [logAbc, { isLoading: saving }] = useLogAbcMutation();
  const antecedents = useSelectableListQuery({ kind: 'antecedent', language });
  const consequences = useSelectableListQuery({ kind: 'consequence', language });
  const submission = abcSubmission(state);
  const headingId = useId();
  const incompleteId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!submission || saving) return;
    setError(null);
    try {
      await logAbc({ childId, behavior_id: behavior.id, ...submission }).unwrap();
      dispatch({ type: 'reset' });
      toast(t('abc.saved'));
    } catch (failure) {
      if (redirectIfUnlicensed(failure)) return;
      setError(failure);
    }
  }

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={(event) => void save(event)} noValidate>
      <h4 id={headingId} className={styles.name}>
        {behavior.name}
      </h4>
      {error ? <ErrorBanner>{errorText(error)}</ErrorBanner> : null}
      <div className={styles.columns}>
        <AbcChoiceColumn
          side="antecedent"
          items={antecedents.data}
          loading={antecedents.isLoading}
          error={antecedents.error}
          onReload={() => void antecedents.refetch()}
          choice={state.antecedent}
          dispatch={dispatch}
        />
        <AbcChoiceColumn
          side="consequence"
          items={consequences.data}
          loading={consequences.isLoading}
          error={consequences.error}
          onReload={() => void consequences.refetch()}
          choice={state.consequence}
          dispatch={dispatch}
        />
      </div>
      <div className={styles.footer}>
        <Button
          className={styles.save}
          type="submit"
          appearance="primary"
          icon={<SaveRegular />}
          disabledFocusable={!submission || saving}
          aria-describedby={submission ? undefined : incompleteId}
        >
          {saving ? t('abc.saving') : t('abc.save')}
        </Button>
        {submission ? null : (
          <p id={incompleteId} className={styles.incomplete} role="status">
            <WarningRegular aria-hidden />
            {t('abc.incomplete')}
          </p>
        )}
      </div>
    </form>
  );
}
