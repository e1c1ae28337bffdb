import { ABC_OCCURRENCE_WINDOW_MINUTES } from '@aba/contracts/api';
import {
  formatDateTime,
  useAppDispatch,
  useLanguage,
  useLicenceRedirectHandler,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { captureNow, type DeviceCapture } from '@aba/web-kit/capture';
import {
  isKeptOnDevice,
  listenForSentCaptures,
  listenForSetAsideCaptures,
  refusalOf,
} from '@aba/web-kit/outbox';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular, WarningRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { abcLogTag, behaviorListTag, behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';
import { useToast } from '../../../lib/toaster.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useSelectableListQuery } from '../api/get-selectable-list.js';
import { useLogAbcMutation } from '../api/log-abc.js';
import { abcSubmission, type AbcFormAction, type AbcFormState } from '../hooks/abc-choice.js';
import { AbcChoiceColumn } from './abc-choice-column.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    wordBreak: 'break-word',
  },
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
  retry: { minHeight: '44px', minWidth: '44px' },
  hint: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export interface AbcFormProps {
  childId: string;
  behavior: { id: string; name: string };
  /** The choices made for this behaviour (kept by the section, so switching behaviours loses none). */
  state: AbcFormState;
  dispatch: Dispatch<AbcFormAction>;
}

/**
 * The ABC form (spec §2, §5): the behaviour's name, Antecedent and Consequence columns, and Save, disabled with
 * "Please select antecedent and consequence" until both are chosen. Saving counts one occurrence, or completes the
 * one the user just logged (ADR 0019; the toast says which), and reloads the log below. A failed save says beside
 * Save that the entry was not saved, keeps the choices and offers Retry.
 */
export function AbcForm({ childId, behavior, state, dispatch }: AbcFormProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const userId = useSession().user?.id;
  const { language } = useLanguage();
  // What failed: the error, how often, and the entry as sent (its id and time, sent again by Retry while unchanged).
  const [failure, setFailure] = useState<{
    error: unknown;
    count: number;
    capture: DeviceCapture;
    sent: string;
  } | null>(null);
  const [logAbc, { isLoading: saving }] = useLogAbcMutation();
  // Entries of this form the device keeps: once the outbox sends one, the log, the chart and the counts read it.
  const kept = useRef(new Set<string>());
  const store = useAppDispatch();
  useEffect(
    () =>
      listenForSentCaptures((ids) => {
        const arrived = ids.filter((id) => kept.current.delete(id));
        if (arrived.length === 0) return;
        store(
          behaviorsBaseApi.util.invalidateTags([
            abcLogTag(behavior.id),
            behaviorTag(behavior.id),
            behaviorListTag(childId),
          ]),
        );
        toast(t('abc.sentLater', { name: behavior.name }));
      }),
    [store, toast, t, behavior.id, behavior.name, childId],
  );
  useEffect(
    () =>
      listenForSetAsideCaptures((captures) => {
        for (const refused of captures) {
          if (!kept.current.delete(refused.id)) continue;
          toast(
            t('abc.setAsideLater', { name: behavior.name, error: errorText(refusalOf(refused)) }),
            'error',
          );
        }
      }),
    [toast, t, errorText, behavior.name],
  );
  const antecedents = useSelectableListQuery({ kind: 'antecedent', language });
  const consequences = useSelectableListQuery({ kind: 'consequence', language });
  const submission = abcSubmission(state);
  const headingId = useId();
  const incompleteId = useId();

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!submission || saving) return;
    const sent = JSON.stringify(submission);
    const capture = failure?.sent === sent ? failure.capture : captureNow();
    try {
      const { attached, occurrence } = await logAbc({
        childId,
        userId,
        behavior_id: behavior.id,
        ...submission,
        ...capture,
      }).unwrap();
      setFailure(null);
      dispatch({ type: 'reset' });
      toast(
        attached
          ? t('abc.savedAttached', { time: formatDateTime(occurrence.date_logged) })
          : t('abc.savedCounted', { name: behavior.name }),
      );
    } catch (error) {
      if (redirectIfUnlicensed(error)) return;
      if (isKeptOnDevice(error)) {
        // On this phone it is recorded: the outbox sends it; the form is free for the next entry.
        kept.current.add(capture.id);
        setFailure(null);
        dispatch({ type: 'reset' });
        toast(t('abc.keptOnDevice', { name: behavior.name, error: errorText(error) }));
        return;
      }
      setFailure((last) => ({ error, count: (last?.count ?? 0) + 1, capture, sent }));
    }
  }

  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <h4 id={headingId} className={styles.name}>
        {behavior.name}
      </h4>
      <p className={styles.hint}>
        {t('abc.countsOccurrence', { name: behavior.name, minutes: ABC_OCCURRENCE_WINDOW_MINUTES })}
      </p>
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
      {failure ? (
        <ActionError
          focusKey={failure.count}
          action={
            submission ? (
              <Button
                className={styles.retry}
                appearance="primary"
                disabledFocusable={saving}
                onClick={() => void save()}
              >
                {t('retry')}
              </Button>
            ) : undefined
          }
        >
          {t('abc.notSaved', { name: behavior.name, error: errorText(failure.error) })}
        </ActionError>
      ) : null}
    </form>
  );
}
