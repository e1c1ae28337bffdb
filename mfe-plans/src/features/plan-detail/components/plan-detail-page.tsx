import { ITEM_STATUSES, type EvaluatedItem, type Evaluation, type ItemStatus } from '@aba/contracts/api';
import {
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useNavigate,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { Button, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { usePlanDetailQuery } from '../../../api/get-plan-detail.js';
import { usePlanListQuery } from '../../../api/get-plans.js';
import { useSetPlanItemStatusMutation } from '../../../api/set-item-status.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { EmptyState, LoadingState } from '../../../components/page-states.js';
import { PlanHeader } from '../../../components/plan-header.js';
import { useEvaluationWrites } from '../../../hooks/use-evaluation-writes.js';
import { paths } from '../../../lib/route-paths.js';
import { useChildId, useChildPermissions } from '../../../lib/use-child.js';
import { useAttachSubPlanMutation } from '../api/attach-sub-plan.js';
import { useDetachSubPlanMutation } from '../api/detach-sub-plan.js';
import { useAnswers } from '../hooks/use-answers.js';
import { AttachSubPlan } from './attach-sub-plan.js';
import { PlanItemsTable } from './plan-items-table.js';
import { SubPlanCard } from './sub-plan-card.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  filter: { marginBottom: tokens.spacingVerticalM },
});

/**
 * /child/{id}/plan/{planId} (spec §2): header, item status filter, each sub-plan a collapsible card with its items
 * (evaluate Yes/No, last 5 evaluations, status), and a footer to add an existing sub-plan.
 */
export function PlanDetailPage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const navigate = useNavigate();
  const childId = useChildId();
  const planId = useParams().planId ?? '';
  const { canEdit, canEvaluate, userId } = useChildPermissions(childId);
  const [filter, setFilter] = useState<ItemStatus>('IN_LEARNING');
  const {
    currentData: view,
    data: lastView,
    error,
    isLoading,
    isFetching,
    refetch,
  } = usePlanDetailQuery({
    childId,
    planId,
    itemsStatus: filter,
  });
  const { data: subPlans } = usePlanListQuery({ kind: 'sub-plan', childId }, { skip: !canEdit });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const writes = useEvaluationWrites(childId, planId);
  const { answers, answer } = useAnswers(writes.evaluate, writes.deleteEvaluation);
  const [setItemStatus] = useSetPlanItemStatusMutation();
  const [attach, { isLoading: attaching }] = useAttachSubPlanMutation();
  const [detach] = useDetachSubPlanMutation();
  const [actionError, setActionError] = useState<unknown>(null);

  // While another filter loads, the previous view stays (dimmed via aria-busy) instead of a spinner.
  const shown = view ?? lastView;
  const available = useMemo(() => {
    const attached = new Set((shown?.sub_plans ?? []).map((subPlan) => subPlan.id));
    return (subPlans ?? []).filter((subPlan) => !attached.has(subPlan.id));
  }, [shown, subPlans]);

  const run = async (action: () => Promise<unknown>) => {
    setActionError(null);
    writes.clearError();
    try {
      await action();
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setActionError(failure);
    }
  };
  const mayDelete = (evaluation: Evaluation) => canEdit || (userId !== null && evaluation.user_id === userId);
  const onStatus = (item: EvaluatedItem, status: ItemStatus) =>
    run(() => setItemStatus({ itemId: item.id, status }).unwrap());

  if (redirecting) return <LoadingState label={t('common.loading')} />;
  if (isLoading) return <LoadingState label={t('detail.loading')} />;
  if (!shown) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  return (
    <section className={styles.page} aria-busy={isFetching}>
      <PlanHeader
        plan={shown.plan}
        actions={
          canEvaluate ? (
            <Button
              appearance="primary"
              icon={<ClipboardTaskListLtrRegular />}
              onClick={() => navigate(paths.evaluate(childId, planId))}
            >
              {t('detail.evaluateAll')}
            </Button>
          ) : null
        }
      />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      <ErrorAlert
        error={actionError ?? writes.error}
        onDismiss={() => (setActionError(null), writes.clearError())}
      />
      <RadioGroup
        className={styles.filter}
        layout="horizontal"
        aria-label={t('detail.filter')}
        value={filter}
        onChange={(_event, data) => setFilter(data.value as ItemStatus)}
      >
        {ITEM_STATUSES.map((status) => (
          <Radio key={status} value={status} label={t(`itemStatus.${status}`)} />
        ))}
      </RadioGroup>
      {shown.sub_plans.length === 0 ? <EmptyState>{t('detail.noSubPlans')}</EmptyState> : null}
      {shown.sub_plans.map((subPlan) => (
        <SubPlanCard
          key={subPlan.id}
          childId={childId}
          subPlan={subPlan}
          canEdit={canEdit}
          onDetach={() => run(() => detach({ childId, planId, subPlanId: subPlan.id }).unwrap())}
        >
          <PlanItemsTable
            subPlanName={subPlan.name}
            items={subPlan.items}
            answers={answers}
            canEdit={canEdit}
            canEvaluate={canEvaluate}
            mayDelete={mayDelete}
            onAnswer={(itemId, result) => void answer(itemId, result)}
            onDeleteEvaluation={(evaluation) => void writes.deleteEvaluation(evaluation)}
            onStatus={onStatus}
          />
        </SubPlanCard>
      ))}
      {canEdit ? (
        <AttachSubPlan
          childId={childId}
          available={available}
          busy={attaching}
          onAttach={(subPlanId) => void run(() => attach({ childId, planId, subPlanId }).unwrap())}
        />
      ) : null}
    </section>
  );
}
