import {
  attachesToItem,
  mayOnChild,
  NEEDS_ATTENTION_TEXT_MAX,
  NeedsAttentionMessages,
  type AttachTarget,
  type NeedsAttentionEntry,
  type NeedsAttentionReason,
} from '@aba/contracts/api';
import {
  EmptyState,
  formatDateTime,
  Loading,
  PageHeading,
  useChildChanges,
  useCurrentChild,
  useLicenceRedirect,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, SubmitButton, SuccessBanner } from '@aba/web-kit/forms';
import { Button, Field, makeStyles, Select, Textarea, tokens } from '@fluentui/react-components';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  useAttachCaptureMutation,
  useDiscardCaptureMutation,
  useNeedsAttentionQuery,
} from '../api/needs-attention-api.js';
import { ReadFailure } from '../../../lib/read-failure.js';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalL },
  card: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  what: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  fact: { margin: 0, overflowWrap: 'anywhere' },
  muted: { margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  forms: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  form: { display: 'grid', gap: tokens.spacingVerticalS, alignContent: 'start', minWidth: 0 },
  secondary: { minHeight: '44px' },
  section: { marginTop: tokens.spacingVerticalXXL },
  notice: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
});

/**
 * /child/{id}/needs-attention (issue 16, ADR 0044): the captures a phone kept offline whose goal or behaviour was
 * deleted before they arrived. The owner and coordinators attach each to another goal or behaviour (it is recorded as
 * its author captured it) or discard it with a reason; a therapist sees their own and what was decided. The list
 * follows the team's changes live.
 */
export function NeedsAttentionPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const child = useCurrentChild();
  const headingId = useId();
  const [done, setDone] = useState<{ text: string; key: number } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const showDecision = (text: string) => {
    setDone((previous) => ({ text, key: (previous?.key ?? 0) + 1 }));
    // After the banner renders: the decided capture's card, which had the focus, leaves the waiting list.
    setTimeout(() => doneRef.current?.focus());
  };
  const { data, error, isError, isFetching, refetch } = useNeedsAttentionQuery(child?.id ?? '', {
    skip: child === null,
    refetchOnMountOrArgChange: true,
  });
  useChildChanges(child?.id, () => void refetch());
  const redirecting = useLicenceRedirect(isError ? error : null);

  if (child === null || redirecting) return <Loading />;
  const decides = mayOnChild(child.relation, 'edit');

  let content;
  if (isError) {
    content = <ReadFailure read={{ error, isFetching, refetch }} />;
  } else if (!data) {
    content = <Loading announced label={t('needsAttention.loading')} />;
  } else {
    const waiting = data.entries.filter((entry) => entry.state === 'WAITING');
    const decided = data.entries.filter((entry) => entry.state !== 'WAITING');
    content = (
      <>
        {waiting.length === 0 ? (
          <EmptyState>{t('needsAttention.empty')}</EmptyState>
        ) : (
          <ul className={styles.list} aria-label={t('needsAttention.waitingLabel')}>
            {waiting.map((entry) => (
              <li key={entry.id} className={styles.card}>
                <EntryFacts entry={entry} timeZone={child.time_zone} />
                {decides ? (
                  <Decisions
                    childId={child.id}
                    entry={entry}
                    targets={attachesToItem(entry.kind) ? data.items : data.behaviors}
                    onDone={showDecision}
                  />
                ) : (
                  <p className={styles.muted}>{t('needsAttention.waitsForTeam')}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {decided.length > 0 ? (
          <section className={styles.section} aria-labelledby={`${headingId}-decided`}>
            <h2 id={`${headingId}-decided`}>{t('needsAttention.decidedTitle')}</h2>
            <ul className={styles.list}>
              {decided.map((entry) => (
                <li key={entry.id} className={styles.card}>
                  <EntryFacts entry={entry} timeZone={child.time_zone} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={isFetching}>
      <PageHeading id={headingId}>{t('needsAttention.title')}</PageHeading>
      <p className={styles.fact}>{t(decides ? 'needsAttention.introTeam' : 'needsAttention.introAuthor')}</p>
      <div ref={doneRef} tabIndex={-1} className={styles.notice}>
        {done ? <SuccessBanner key={done.key}>{done.text}</SuccessBanner> : null}
      </div>
      {content}
    </section>
  );
}

/** Why a capture was not recorded where it was made, said with the name of what it was for, and without. */
const WHY_KEYS: Record<NeedsAttentionReason, { named: string; unnamed: string }> = {
  TARGET_DELETED: { named: 'deletedNamed', unnamed: 'deleted' },
  ACCESS_ENDED: { named: 'accessEnded', unnamed: 'accessEndedUnnamed' },
  CHILD_DELETED: { named: 'childDeleted', unnamed: 'childDeletedUnnamed' },
};

/** The text key of what a capture was for and why it was not recorded there. */
function forWhatKey(
  { reason, target_label: name }: NeedsAttentionEntry,
  target: 'item' | 'behavior',
): string {
  const why = WHY_KEYS[reason];
  return `needsAttention.${name ? why.named : why.unnamed}.${target}`;
}

/** What was captured, for what, by whom and when; and, once decided, what was decided. */
function EntryFacts({ entry, timeZone }: { entry: NeedsAttentionEntry; timeZone?: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const { record } = entry;
  const what =
    record.kind === 'evaluation'
      ? t('needsAttention.what.evaluation', { result: t(`needsAttention.result.${record.result}`) })
      : record.kind === 'behavior-log'
        ? t('needsAttention.what.behaviorLog')
        : t('needsAttention.what.abcEntry', {
            antecedent: record.antecedent,
            consequence: record.consequence,
          });
  const target = attachesToItem(entry.kind) ? 'item' : 'behavior';
  const person = (name: string | null) => name || t('needsAttention.unknownPerson');
  return (
    <>
      <h3 className={styles.what}>{what}</h3>
      <p className={styles.fact}>{t(forWhatKey(entry, target), { name: entry.target_label ?? '' })}</p>
      <p className={styles.muted}>
        {t('needsAttention.captured', {
          person: person(entry.author),
          when: formatDateTime(entry.captured_at, timeZone),
        })}
      </p>
      {entry.state === 'ATTACHED' ? (
        <p className={styles.fact}>
          {t('needsAttention.attachedTo', {
            name: entry.attached_to_label ?? '',
            person: person(entry.resolved_by),
            when: formatDateTime(entry.resolved_at ?? '', timeZone),
          })}
        </p>
      ) : null}
      {entry.state === 'DISCARDED' ? (
        <p className={styles.fact}>
          {t('needsAttention.discardedBy', {
            reason: entry.discard_reason ?? '',
            person: person(entry.resolved_by),
            when: formatDateTime(entry.resolved_at ?? '', timeZone),
          })}
        </p>
      ) : null}
    </>
  );
}

/** The owner's or a coordinator's two ways out for a waiting capture: attach it elsewhere, or discard it saying why. */
function Decisions({
  childId,
  entry,
  targets,
  onDone,
}: {
  childId: string;
  entry: NeedsAttentionEntry;
  targets: AttachTarget[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const [attach, attaching] = useAttachCaptureMutation();
  const [discard, discarding] = useDiscardCaptureMutation();
  const [targetId, setTargetId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: 'target' | 'reason'; text: string } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const busy = attaching.isLoading || discarding.isLoading;
  const kind = attachesToItem(entry.kind) ? 'item' : 'behavior';
  const groups = [...new Set(targets.map((target) => target.group))];

  const settle = async (write: () => Promise<unknown>, message: string) => {
    setFailure(null);
    try {
      await write();
      onDone(message);
    } catch (error) {
      setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 }));
    }
  };

  const onAttach = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!targetId) {
      setProblem({ field: 'target', text: t(`needsAttention.chooseTarget.${kind}`) });
      return;
    }
    setProblem(null);
    void settle(
      () => attach({ childId, entryId: entry.id, targetId }).unwrap(),
      t('needsAttention.attachedMessage'),
    );
  };

  const onDiscard = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setProblem({ field: 'reason', text: translate(NeedsAttentionMessages.discardReasonRequired) });
      return;
    }
    setProblem(null);
    void settle(
      () => discard({ childId, entryId: entry.id, reason: reason.trim() }).unwrap(),
      t('needsAttention.discardedMessage'),
    );
  };

  return (
    <div className={styles.forms}>
      <form className={styles.form} onSubmit={onAttach} noValidate>
        <Field
          label={t(`needsAttention.attachLabel.${kind}`)}
          validationState={problem?.field === 'target' ? 'error' : 'none'}
          validationMessage={problem?.field === 'target' ? problem.text : undefined}
        >
          <Select value={targetId} onChange={(_event, { value }) => setTargetId(value)}>
            <option value="">{t('needsAttention.choose')}</option>
            {groups.map((group) => {
              const options = targets
                .filter((target) => target.group === group)
                .map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.label}
                  </option>
                ));
              return group ? (
                <optgroup key={group} label={group}>
                  {options}
                </optgroup>
              ) : (
                options
              );
            })}
          </Select>
        </Field>
        <SubmitButton busy={attaching.isLoading}>{t('needsAttention.attach')}</SubmitButton>
      </form>
      <form className={styles.form} onSubmit={onDiscard} noValidate>
        <Field
          label={t('needsAttention.reasonLabel')}
          validationState={problem?.field === 'reason' ? 'error' : 'none'}
          validationMessage={problem?.field === 'reason' ? problem.text : undefined}
        >
          <Textarea
            value={reason}
            onChange={(_event, { value }) => setReason(value)}
            maxLength={NEEDS_ATTENTION_TEXT_MAX}
            resize="vertical"
          />
        </Field>
        <Button
          type="submit"
          className={styles.secondary}
          disabledFocusable={discarding.isLoading}
          appearance="secondary"
        >
          {t('needsAttention.discard')}
        </Button>
      </form>
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </div>
  );
}
