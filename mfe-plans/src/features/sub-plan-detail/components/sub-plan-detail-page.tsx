import type { EvaluatedItem, Evaluation, ItemStatus } from '@aba/contracts/api';
import { useLicenceRedirect, useLicenceRedirectHandler, useParams, useTranslation } from '@aba/web-kit';
import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useSubPlanDetailQuery } from '../../../api/get-sub-plan-detail.js';
import { useSetPlanItemStatusMutation } from '../../../api/set-item-status.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { EmptyState, LoadingState } from '../../../components/page-states.js';
import { PlanHeader } from '../../../components/plan-header.js';
import { useEvaluationWrites } from '../../../hooks/use-evaluation-writes.js';
import { useChildId, useChildPermissions } from '../../../lib/use-child.js';
import { useCreatePlanItemMutation } from '../api/create-item.js';
import { useDeletePlanItemMutation } from '../api/delete-item.js';
import { NewItemRow } from './new-item-row.js';
import { SubPlanItemsTable } from './sub-plan-items-table.js';

const useStyles = makeStyles({ page: { minWidth: 0 } });

/** /child/{id}/sub-plan/{planId} (spec §2): header, a row to add an item, the items with their last 100 evaluations. */
export function SubPlanDetailPage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const childId = useChildId();
  const subPlanId = useParams().planId ?? '';
  const { canEdit, userId } = useChildPermissions(childId);
  const { data: view, error, isLoading, isFetching, refetch } = useSubPlanDetailQuery({ childId, subPlanId });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const writes = useEvaluationWrites(childId);
  const [createItem, { isLoading: creating }] = useCreatePlanItemMutation();
  const [deleteItem] = useDeletePlanItemMutation();
  const [setItemStatus] = useSetPlanItemStatusMutation();
  const [actionError, setActionError] = useState<unknown>(null);

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setActionError(null);
    writes.clearError();
    try {
      await action();
      return true;
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setActionError(failure);
      return false;
    }
  };
  const mayDelete = (evaluation: Evaluation) => canEdit || (userId !== null && evaluation.user_id === userId);

  if (redirecting) return <LoadingState label={t('common.loading')} />;
  if (isLoading) return <LoadingState label={t('subPlanDetail.loading')} />;
  if (!view) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  return (
    <section className={styles.page} aria-busy={isFetching}>
      <PlanHeader plan={view.sub_plan} />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      <ErrorAlert
        error={actionError ?? writes.error}
        onDismiss={() => (setActionError(null), writes.clearError())}
      />
      {canEdit ? (
        <NewItemRow
          busy={creating}
          onCreate={(description) => run(() => createItem({ subPlanId, description }).unwrap())}
        />
      ) : null}
      {view.items.length === 0 ? (
        <EmptyState>{t('subPlanDetail.empty')}</EmptyState>
      ) : (
        <SubPlanItemsTable
          items={view.items}
          canEdit={canEdit}
          mayDelete={mayDelete}
          onDeleteEvaluation={(evaluation) => void writes.deleteEvaluation(evaluation)}
          onStatus={(item: EvaluatedItem, status: ItemStatus) =>
            void run(() => setItemStatus({ itemId: item.id, status }).unwrap())
          }
          onDelete={(item) => void run(() => deleteItem({ itemId: item.id, childId }).unwrap())}
        />
      )}
    </section>
  );
}
