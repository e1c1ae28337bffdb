import type { EvaluationResult } from '@aba/contracts/api';
import { PageHeading, useLicenceRedirect, useNavigate, useParams, useTranslation } from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { usePlanByIdQuery } from '../../../api/get-plan.js';
import { EvaluateButtons } from '../../../components/evaluate-buttons.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { EmptyState, LoadingState } from '../../../components/page-states.js';
import { useEvaluationWrites } from '../../../hooks/use-evaluation-writes.js';
import { paths } from '../../../lib/route-paths.js';
import { useChildId } from '../../../lib/use-child.js';
import {
  currentItem,
  evaluableItems,
  flowLength,
  flowReducer,
  startFlow,
  type FlowAction,
  type FlowState,
} from '../hooks/evaluate-flow.js';

/** How long 'Evaluation completed' stays before the plan opens again. */
const COMPLETED_DELAY_MS = 1500;

const useStyles = makeStyles({
  page: { maxWidth: '36rem', minWidth: 0 },
  progress: { margin: `0 0 ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground2 },
  finished: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  item: {
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    margin: `${tokens.spacingVerticalL} 0`,
    overflowWrap: 'anywhere',
  },
  done: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorPaletteTealForeground2,
    margin: `${tokens.spacingVerticalL} 0`,
  },
  back: { marginTop: tokens.spacingVerticalL },
});

type MaybeFlow = FlowState | null;
type Action = FlowAction | { type: 'start'; state: FlowState };

function reducer(state: MaybeFlow, action: Action): MaybeFlow {
  if (action.type === 'start') return action.state;
  return state ? flowReducer(state, action) : state;
}

/**
 * /child/{id}/plan/{planId}/evaluate (spec §2, §4): the plan's items in random order, one at a time, with big Yes and
 * No buttons; each answer is recorded through the plan and the next item shows at once. After the last item or the
 * sixth, 'Evaluation completed', then back to the plan. Finished items are not asked, and the screen says so, with
 * how many were left out (ADR 0011).
 */
export function EvaluatePage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const navigate = useNavigate();
  const childId = useChildId();
  const planId = useParams().planId ?? '';
  const { data, error, isLoading, refetch } = usePlanByIdQuery(
    { kind: 'plan', childId, id: planId },
    { refetchOnMountOrArgChange: true },
  );
  const redirecting = useLicenceRedirect(error);
  const writes = useEvaluationWrites(childId, planId);
  const [flow, dispatch] = useReducer(reducer, null);
  const heading = useRef<HTMLHeadingElement>(null);
  const planPath = paths.detail(childId, 'plan', planId);
  const asked = useMemo(() => (data ? evaluableItems(data.plan_items) : null), [data]);

  useEffect(() => {
    if (asked && !flow) dispatch({ type: 'start', state: startFlow(asked.items) });
  }, [asked, flow]);

  const completed = flow?.completed === true && flow.answers.length > 0;
  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => navigate(planPath), COMPLETED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [completed, navigate, planPath]);

  const onAnswer = (itemId: string, result: EvaluationResult) => {
    void writes.evaluate(itemId, result);
    dispatch({ type: 'answer', result });
    heading.current?.focus();
  };

  if (redirecting) return <LoadingState label={t('common.loading')} />;
  const item = flow ? currentItem(flow) : null;
  const total = flow ? flowLength(flow.items.length) : 0;
  return (
    <section className={styles.page}>
      <PageHeading>
        {data ? t('evaluateFlow.titleOf', { name: data.plan.name }) : t('evaluateFlow.title')}
      </PageHeading>
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      <ErrorAlert error={writes.error} onDismiss={writes.clearError} />
      {asked ? (
        <p className={styles.finished}>
          {asked.finished > 0
            ? t('evaluateFlow.finishedLeftOut', { count: asked.finished })
            : t('evaluateFlow.finishedNotAsked')}
        </p>
      ) : null}
      {isLoading || (data && !flow) ? <LoadingState label={t('evaluateFlow.loading')} /> : null}
      {flow && item ? (
        <div>
          <p className={styles.progress} aria-live="polite">
            {t('evaluateFlow.progress', { current: flow.index + 1, total })}
          </p>
          <h3 className={styles.item} ref={heading} tabIndex={-1}>
            {item.description}
          </h3>
          <EvaluateButtons large item={item.description} onAnswer={(result) => onAnswer(item.id, result)} />
        </div>
      ) : null}
      {completed ? (
        <p className={styles.done} role="status">
          <CheckmarkCircleRegular aria-hidden /> {t('evaluateFlow.completed')}
        </p>
      ) : null}
      {flow && flow.completed && flow.answers.length === 0 ? (
        <EmptyState>{t('evaluateFlow.nothing')}</EmptyState>
      ) : null}
      <Button className={styles.back} icon={<ArrowLeftRegular />} onClick={() => navigate(planPath)}>
        {t('evaluateFlow.back')}
      </Button>
    </section>
  );
}
