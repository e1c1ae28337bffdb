import {
  ITEM_STATUSES,
  type EvaluatedItem,
  type Evaluation,
  type ItemStatus,
  type MasteryOutcome,
} from '@aba/contracts/api';
import {
  EmptyState,
  Loading,
  useChildPermissions,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useNavigate,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, LoadFailure } from '@aba/web-kit/forms';
import { Button, makeStyles, mergeClasses, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { LiveCountsFailure } from '../../../components/live-count.js';
import { useMasteryLiveQuery } from '../../../lib/api/get-mastery-live.js';
import { usePlanDetailQuery } from '../../../lib/api/get-plan-detail.js';
import { usePlanListQuery } from '../../../lib/api/get-plans.js';
import { useSetPlanItemStatusMutation } from '../../../lib/api/set-item-status.js';
import { PlanHeader } from '../../../components/plan-header.js';
import { PlanLoadError } from '../../../components/plan-load-error.js';
import { liveCountsOf, NO_LIVE_COUNTS } from '../../../lib/mastery-live.js';
import { itemsOf } from '../../../lib/optimistic.js';
import { useItemTrials } from '../../../lib/use-item-trials.js';
import { paths } from '../../../lib/route-paths.js';
import { startOfDay, useTapTargetStyles } from '@aba/web-kit/capture';
import { PlansToaster, useToast } from '../../../lib/toaster.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useAttachSubPlanMutation } from '../api/attach-sub-plan.js';
import { useDetachSubPlanMutation } from '../api/detach-sub-plan.js';
import { useItemFilter } from '../hooks/use-item-filter.js';
import { AttachSubPlan } from './attach-sub-plan.js';
import { PlanItems } from './plan-items.js';
import { SubPlanCard } from './sub-plan-card.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  filter: { marginBottom: tokens.spacingVerticalM, rowGap: tokens.spacingVerticalS, flexWrap: 'wrap' },
  radio: { minHeight: '44px', alignItems: 'center', marginInlineEnd: tokens.spacingHorizontalS },
  radioInput: { width: '100%' },
  evaluate: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: tokens.spacingVerticalXS,
  },
  completed: { margin: 0, maxWidth: '22rem', color: tokens.colorNeutralForeground2, textAlign: 'end' },
});

/** A failed action of the page, and how to try it again. */
interface Failure {
  error: unknown;
  retry: () => void;
}

/**
 * /child/{id}/plan/{planId} (spec §2): header, item status filter (kept in the URL), each sub-plan a collapsible card
 * with its items (Yes/No with today's count and the redo, last 5 evaluations, status), and a footer to add an
 * existing sub-plan. What goes wrong is said where it happened: in the item's row, the sub-plan's card, the footer.
 */
export function PlanDetailPage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const childId = useChildId();
  const planId = useParams().planId ?? '';
  const { canEdit, canEvaluate, userId } = useChildPermissions(childId);
  const [filter, setFilter] = useItemFilter();
  // Today in the viewer's time zone, from when the page opened: each item's count of today's trials counts from it.
  const since = useMemo(() => startOfDay(), []);
  const {
    currentData: view,
    data: lastView,
    error,
    isLoading,
    isFetching,
    refetch,
  } = usePlanDetailQuery({ childId, planId, itemsStatus: filter, since });
  const { data: subPlans } = usePlanListQuery({ kind: 'sub-plan', childId }, { skip: !canEdit });
  const {
    data: live,
    error: liveError,
    refetch: refetchLive,
  } = useMasteryLiveQuery({ childId, planId }, { skip: !canEvaluate });
  const liveCounts = useMemo(() => (live ? liveCountsOf(live) : NO_LIVE_COUNTS), [live]);
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const onMasteryOutcome = (itemId: string, outcome: NonNullable<MasteryOutcome>) => {
    const current = view ?? lastView;
    const name = (current ? itemsOf(current) : []).find((item) => item.id === itemId)?.description ?? '';
    const values = { name, status: t(`itemStatus.${outcome.to}`) };
    if (outcome.mode === 'CONFIRM') toast(t('toast.ruleProposed', values));
    else if (outcome.to !== filter)
      toast(t('toast.ruleMoved', values), {
        label: t('toast.showStatus', values),
        onClick: () => setFilter(outcome.to),
      });
    else toast(t('toast.ruleMoved', values));
  };
  const trials = useItemTrials(childId, { planId, onMasteryOutcome });
  const [setItemStatus] = useSetPlanItemStatusMutation();
  const [attach, { isLoading: attaching }] = useAttachSubPlanMutation();
  const [detach] = useDetachSubPlanMutation();
  const [attachFailure, setAttachFailure] = useState<Failure | null>(null);
  const [detachFailures, setDetachFailures] = useState<Readonly<Record<string, Failure>>>({});

  // While another filter loads, the previous view stays (dimmed via aria-busy) instead of a spinner.
  const shown = view ?? lastView;
  const available = useMemo(() => {
    const attached = new Set((shown?.sub_plans ?? []).map((subPlan) => subPlan.id));
    return (subPlans ?? []).filter((subPlan) => !attached.has(subPlan.id));
  }, [shown, subPlans]);

  const mayAlter = (evaluation: Evaluation) => canEdit || (userId !== null && evaluation.user_id === userId);

  const onStatus = async (item: EvaluatedItem, status: ItemStatus) => {
    if (status === item.status) return;
    try {
      await setItemStatus({ itemId: item.id, status }).unwrap();
      const values = { name: item.description, status: t(`itemStatus.${status}`) };
      // An item that leaves the filtered view says where it went, and offers to follow it there.
      if (status !== filter)
        toast(t('toast.itemMoved', values), {
          label: t('toast.showStatus', values),
          onClick: () => setFilter(status),
        });
      else toast(t('toast.itemStatus', values));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        trials.fail(item.id, { key: 'feedback.statusFailed' }, failure, () => void onStatus(item, status));
    }
  };

  const onAttach = async (subPlanId: string) => {
    setAttachFailure(null);
    try {
      await attach({ childId, planId, subPlanId }).unwrap();
      const name = subPlans?.find((subPlan) => subPlan.id === subPlanId)?.name ?? '';
      toast(t('toast.attached', { name }));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        setAttachFailure({ error: failure, retry: () => void onAttach(subPlanId) });
    }
  };

  const onDetach = async (subPlanId: string, name: string) => {
    setDetachFailures(({ [subPlanId]: _gone, ...rest }) => rest);
    try {
      await detach({ childId, planId, subPlanId }).unwrap();
      toast(t('toast.detached', { name }));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        setDetachFailures((failures) => ({
          ...failures,
          [subPlanId]: { error: failure, retry: () => void onDetach(subPlanId, name) },
        }));
    }
  };

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  if (isLoading) return <Loading announced label={t('detail.loading')} />;
  if (!shown)
    return <PlanLoadError error={error} kind="plan" childId={childId} onRetry={() => void refetch()} />;
  const completed = shown.plan.status === 'COMPLETED';
  return (
    <section className={styles.page} aria-busy={isFetching}>
      <PlansToaster />
      <PlanHeader
        plan={shown.plan}
        actions={
          canEvaluate ? (
            <div className={styles.evaluate}>
              <Button
                className={tap.target}
                appearance="primary"
                icon={<ClipboardTaskListLtrRegular />}
                disabledFocusable={completed}
                aria-describedby={completed ? 'plan-completed-note' : undefined}
                onClick={() => navigate(paths.evaluate(childId, planId))}
              >
                {t('detail.evaluateAll')}
              </Button>
              {completed ? (
                <p id="plan-completed-note" className={styles.completed}>
                  {t('detail.completedNote')}
                </p>
              ) : null}
            </div>
          ) : null
        }
      />
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {liveError && !error ? (
        <LiveCountsFailure error={liveError} onRetry={() => void refetchLive()} />
      ) : null}
      <RadioGroup
        className={styles.filter}
        layout="horizontal"
        aria-label={t('detail.filter')}
        value={filter}
        onChange={(_event, data) => setFilter(data.value as ItemStatus)}
      >
        {ITEM_STATUSES.map((status) => (
          <Radio
            key={status}
            className={styles.radio}
            input={{ className: styles.radioInput }}
            value={status}
            label={t(`itemStatus.${status}`)}
          />
        ))}
      </RadioGroup>
      {shown.sub_plans.length === 0 ? <EmptyState>{t('detail.noSubPlans')}</EmptyState> : null}
      {shown.sub_plans.map((subPlan) => {
        const detachFailure = detachFailures[subPlan.id];
        return (
          <SubPlanCard
            key={subPlan.id}
            childId={childId}
            subPlan={subPlan}
            canEdit={canEdit}
            onDetach={() => void onDetach(subPlan.id, subPlan.name)}
            error={
              detachFailure ? (
                <ActionError
                  action={
                    <Button className={tap.target} appearance="primary" onClick={detachFailure.retry}>
                      {t('common.retry')}
                    </Button>
                  }
                >
                  {`${t('feedback.detachFailed', { name: subPlan.name })} ${errorText(detachFailure.error)}`}
                </ActionError>
              ) : null
            }
          >
            <PlanItems
              subPlanName={subPlan.name}
              items={subPlan.items}
              feedback={trials.feedback}
              canEdit={canEdit}
              canEvaluate={canEvaluate}
              liveCounts={liveCounts}
              since={since}
              mayAlter={mayAlter}
              onAnswer={(item, result) => void trials.answer(item.id, result)}
              onCorrect={(evaluation, result) => void trials.correct(evaluation, result)}
              onDeleteEvaluation={(evaluation) => void trials.deleteEvaluation(evaluation)}
              onStatus={(item, status) => void onStatus(item, status)}
              onUndo={(item) => trials.undo(item.id)}
              onRetry={(item) => trials.retry(item.id)}
              onDismiss={(item) => trials.dismiss(item.id)}
            />
          </SubPlanCard>
        );
      })}
      {canEdit ? (
        <AttachSubPlan
          childId={childId}
          available={available}
          busy={attaching}
          onAttach={(subPlanId) => void onAttach(subPlanId)}
          error={
            attachFailure ? (
              <ActionError
                action={
                  <Button
                    className={mergeClasses(tap.target)}
                    appearance="primary"
                    onClick={attachFailure.retry}
                  >
                    {t('common.retry')}
                  </Button>
                }
              >
                {`${t('feedback.attachFailed')} ${errorText(attachFailure.error)}`}
              </ActionError>
            ) : null
          }
        />
      ) : null}
    </section>
  );
}
