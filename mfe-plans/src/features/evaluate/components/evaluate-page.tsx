import type { EvaluationResult } from '@aba/contracts/api';
import {
  EmptyState,
  Loading,
  PageHeading,
  useLicenceRedirect,
  useNavigate,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { Button, makeStyles, Spinner, tokens, useId } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useMasteryLiveQuery } from '../../../lib/api/get-mastery-live.js';
import { usePlanByIdQuery } from '../../../lib/api/get-plan.js';
import { liveCountsOf, NO_LIVE_COUNTS } from '../../../lib/mastery-live.js';
import { EvaluateButtons } from '../../../components/evaluate-buttons.js';
import { ItemFeedback } from '../../../components/item-feedback.js';
import { LiveCountLine, LiveCountsFailure } from '../../../components/live-count.js';
import { PlanLoadError } from '../../../components/plan-load-error.js';
import { UNDO_MS, useItemTrials } from '../../../lib/use-item-trials.js';
import { paths } from '../../../lib/route-paths.js';
import { useTapTargetStyles, type DeviceCapture } from '@aba/web-kit/capture';
import { useChildId } from '../../../lib/use-child.js';
import {
  canAnswer,
  currentItem,
  evaluableItems,
  flowLength,
  flowReducer,
  flowSummary,
  SETTLE_MS,
  startFlow,
  type FlowAction,
  type FlowState,
} from '../hooks/evaluate-flow.js';

const useStyles = makeStyles({
  page: { maxWidth: '36rem', minWidth: 0 },
  progress: { margin: `0 0 ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground2 },
  note: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  item: {
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    margin: `${tokens.spacingVerticalL} 0`,
    overflowWrap: 'anywhere',
  },
  saving: { margin: `${tokens.spacingVerticalS} 0`, minHeight: '24px' },
  feedback: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalM,
  },
  done: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorPaletteTealForeground2,
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
  },
  back: { marginTop: tokens.spacingVerticalL },
});

type MaybeFlow = FlowState | null;
type Action = FlowAction | { type: 'start'; state: FlowState };

function reducer(state: MaybeFlow, action: Action): MaybeFlow {
  if (action.type === 'start') return action.state;
  return state ? flowReducer(state, action) : state;
}

/** Whether a key press is meant for a field or another widget rather than for the Y/N shortcuts. */
function typedElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return true;
  const target = event.target as HTMLElement | null;
  return !!target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]');
}

/**
 * /child/{id}/plan/{planId}/evaluate (spec §2, §4; issue 13): the plan's items in random order, one at a time, with
 * big Yes and No buttons (and the Y and N keys, said on screen). An answer is saved before the next item shows; one
 * the server did not save keeps its item on screen, says so and offers Retry. A tap on an item that appeared less
 * than 300 ms ago is ignored (a double tap answers one item). What was saved shows with Undo for a few seconds (Undo
 * deletes it and asks the item again). At the end: 'Evaluation completed' with how many Yes and No, then the plan.
 * Finished items are not asked, and the screen says so (ADR 0011); a completed plan is not evaluated, and says why.
 * Under each item, its count in this session and its streak (issue 15).
 */
export function EvaluatePage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const navigate = useNavigate();
  const childId = useChildId();
  const planId = useParams().planId ?? '';
  const shortcutsId = useId('evaluate-shortcuts');
  const { data, error, isLoading, refetch } = usePlanByIdQuery(
    { kind: 'plan', childId, id: planId },
    { refetchOnMountOrArgChange: true },
  );
  const { data: live, error: liveError, refetch: refetchLive } = useMasteryLiveQuery({ childId, planId });
  const liveCounts = useMemo(() => (live ? liveCountsOf(live) : NO_LIVE_COUNTS), [live]);
  const redirecting = useLicenceRedirect(error);
  const [flow, dispatch] = useReducer(reducer, null);
  const latest = useRef(flow);
  latest.current = flow;
  const onAnswerUndone = useCallback(
    (itemId: string) => dispatch({ type: 'undone', itemId, now: Date.now() }),
    [],
  );
  const trials = useItemTrials(childId, { planId, onAnswerUndone });
  const heading = useRef<HTMLHeadingElement>(null);
  const planPath = paths.detail(childId, 'plan', planId);
  const closed = data?.plan.status === 'COMPLETED';
  const asked = useMemo(() => (data && !closed ? evaluableItems(data.plan_items) : null), [data, closed]);

  useEffect(() => {
    if (asked && !flow) dispatch({ type: 'start', state: startFlow(asked.items) });
  }, [asked, flow]);

  // The buttons wait (aria-disabled) until the item on screen has settled; this redraws them when it has.
  const [, settle] = useState(0);
  const shownAt = flow?.shownAt;
  useEffect(() => {
    if (shownAt === undefined) return;
    const timer = setTimeout(() => settle((n) => n + 1), Math.max(0, shownAt + SETTLE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [shownAt]);

  const item = flow ? currentItem(flow) : null;
  /** Answers the item on screen: a new answer, or (`capture`) an unsaved one again, with its own id and time. */
  const answer = useCallback(
    async (result: EvaluationResult, capture?: DeviceCapture) => {
      const state = latest.current;
      const shown = state && currentItem(state);
      const now = Date.now();
      if (!state || !shown || !canAnswer(state, now)) return;
      dispatch({ type: 'answer', result, now });
      const saved = await trials.record(shown.id, result, capture);
      dispatch(saved ? { type: 'saved', evaluation: saved, now: Date.now() } : { type: 'unsaved' });
    },
    [trials],
  );

  // A new item (or the same one asked again) takes the focus, so it is read out; Y and N answer it.
  useEffect(() => {
    if (shownAt !== undefined) heading.current?.focus();
  }, [shownAt]);
  useEffect(() => {
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (typedElsewhere(event)) return;
      const key = event.key.toLowerCase();
      if (key !== 'y' && key !== 'n') return;
      event.preventDefault();
      void answer(key === 'y' ? 'YES' : 'NO');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item, answer]);

  const completed = flow?.completed === true && flow.answers.length > 0;
  useEffect(() => {
    if (!completed) return;
    // The plan opens once the last answer's Undo has had its time.
    const timer = setTimeout(() => navigate(planPath), UNDO_MS);
    return () => clearTimeout(timer);
  }, [completed, navigate, planPath]);

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  const total = flow ? flowLength(flow.items.length) : 0;
  const lastAnswered = flow?.answers[flow.answers.length - 1]?.itemId;
  const description = (itemId: string) =>
    flow?.items.find((candidate) => candidate.id === itemId)?.description ?? '';
  const feedbackOf = (itemId: string) => (
    <ItemFeedback
      key={itemId}
      entry={trials.feedback[itemId]}
      item={description(itemId)}
      onUndo={() => trials.undo(itemId)}
      onRetry={() => {
        const entry = trials.feedback[itemId];
        if (entry?.kind === 'unsaved') void answer(entry.result, entry.capture);
        else trials.retry(itemId);
      }}
      onDismiss={() => trials.dismiss(itemId)}
    />
  );
  const summary = flow ? flowSummary(flow) : null;
  const waiting = !flow || !item || !canAnswer(flow, Date.now());
  return (
    <section className={styles.page}>
      <PageHeading>
        {data ? t('evaluateFlow.titleOf', { name: data.plan.name }) : t('evaluateFlow.title')}
      </PageHeading>
      {error && !data ? (
        <PlanLoadError error={error} kind="plan" childId={childId} onRetry={() => void refetch()} />
      ) : null}
      {closed ? <EmptyState>{t('evaluateFlow.planCompleted')}</EmptyState> : null}
      {asked ? (
        <p className={styles.note}>
          {asked.finished > 0
            ? t('evaluateFlow.finishedLeftOut', { count: asked.finished })
            : t('evaluateFlow.finishedNotAsked')}
        </p>
      ) : null}
      {isLoading || (asked && !flow) ? <Loading announced label={t('evaluateFlow.loading')} /> : null}
      {flow && item ? (
        <div>
          <p className={styles.note} id={shortcutsId}>
            {t('evaluateFlow.shortcuts')}
          </p>
          <p className={styles.progress} aria-live="polite">
            {t('evaluateFlow.progress', { current: flow.index + 1, total })}
          </p>
          <h3 className={styles.item} ref={heading} tabIndex={-1}>
            {item.description}
          </h3>
          <LiveCountLine count={liveCounts.get(item.id)} item={item.description} />
          {liveError ? <LiveCountsFailure error={liveError} onRetry={() => void refetchLive()} /> : null}
          <EvaluateButtons
            large
            shortcuts
            describedBy={shortcutsId}
            item={item.description}
            disabled={waiting}
            onAnswer={(result) => void answer(result)}
          />
          <div className={styles.saving} role="status">
            {flow.saving ? (
              <Spinner size="extra-tiny" labelPosition="after" label={t('evaluateFlow.saving')} />
            ) : null}
          </div>
        </div>
      ) : null}
      {completed && summary ? (
        <p className={styles.done} role="status">
          <CheckmarkCircleRegular aria-hidden /> {t('evaluateFlow.completed')}{' '}
          {t('evaluateFlow.summary', { yes: summary.yes, no: summary.no })}
        </p>
      ) : null}
      <div className={styles.feedback}>
        {item ? feedbackOf(item.id) : null}
        {lastAnswered && lastAnswered !== item?.id ? feedbackOf(lastAnswered) : null}
      </div>
      {flow && flow.completed && flow.answers.length === 0 ? (
        <EmptyState>{t('evaluateFlow.nothing')}</EmptyState>
      ) : null}
      <Button
        className={`${tap.target} ${styles.back}`}
        icon={<ArrowLeftRegular />}
        onClick={() => navigate(planPath)}
      >
        {t('evaluateFlow.back')}
      </Button>
    </section>
  );
}
