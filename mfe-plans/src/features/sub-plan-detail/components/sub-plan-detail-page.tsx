import type { EvaluatedItem, Evaluation, ItemStatus } from '@aba/contracts/api';
import {
  EmptyState,
  Loading,
  useChildPermissions,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useSubPlanDetailQuery } from '../../../lib/api/get-sub-plan-detail.js';
import { useSetPlanItemStatusMutation } from '../../../lib/api/set-item-status.js';
import { PlanHeader } from '../../../components/plan-header.js';
import { PlanLoadError } from '../../../components/plan-load-error.js';
import { CriterionSection } from '../../../lib/criterion/criterion-editor.js';
import { useItemTrials } from '../../../lib/use-item-trials.js';
import { PlansToaster, useToast } from '../../../lib/toaster.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useCreatePlanItemMutation } from '../api/create-item.js';
import { useDeletePlanItemMutation } from '../api/delete-item.js';
import { NewItemRow } from './new-item-row.js';
import { SubPlanItems } from './sub-plan-items.js';

const useStyles = makeStyles({ page: { minWidth: 0 } });

/**
 * /child/{id}/sub-plan/{planId} (spec §2): header, a row to add an item, the items with their last 100 evaluations.
 * What goes wrong is said where it happened (the item's row, beside Add item), with the focus (issue 13, point 10).
 */
export function SubPlanDetailPage() {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  const styles = useStyles();
  const toast = useToast();
  const childId = useChildId();
  const subPlanId = useParams().planId ?? '';
  const { canEdit, userId } = useChildPermissions(childId);
  const { data: view, error, isLoading, isFetching, refetch } = useSubPlanDetailQuery({ childId, subPlanId });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const trials = useItemTrials(childId);
  const [createItem, { isLoading: creating }] = useCreatePlanItemMutation();
  const [deleteItem] = useDeletePlanItemMutation();
  const [setItemStatus] = useSetPlanItemStatusMutation();
  const [createError, setCreateError] = useState<unknown>(null);

  const mayDelete = (evaluation: Evaluation) => canEdit || (userId !== null && evaluation.user_id === userId);

  const onCreate = async (description: string): Promise<boolean> => {
    setCreateError(null);
    try {
      await createItem({ subPlanId, description }).unwrap();
      return true;
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setCreateError(failure);
      return false;
    }
  };

  const onStatus = async (item: EvaluatedItem, status: ItemStatus) => {
    if (status === item.status) return;
    try {
      await setItemStatus({ itemId: item.id, status }).unwrap();
      toast(t('toast.itemStatus', { name: item.description, status: t(`itemStatus.${status}`) }));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        trials.fail(item.id, { key: 'feedback.statusFailed' }, failure, () => void onStatus(item, status));
    }
  };

  const onDelete = async (item: EvaluatedItem) => {
    try {
      await deleteItem({ itemId: item.id, childId }).unwrap();
      toast(t('toast.itemDeleted', { name: item.description }));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        trials.fail(item.id, { key: 'feedback.itemDeleteFailed' }, failure, () => void onDelete(item));
    }
  };

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  if (isLoading) return <Loading announced label={t('subPlanDetail.loading')} />;
  if (!view)
    return <PlanLoadError error={error} kind="sub-plan" childId={childId} onRetry={() => void refetch()} />;
  return (
    <section className={styles.page} aria-busy={isFetching}>
      <PlansToaster />
      <PlanHeader plan={view.sub_plan} />
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      <CriterionSection
        level={{ kind: 'sub-plan', childId, subPlanId }}
        canEdit={canEdit}
        title={t('criterion.title')}
      />
      {canEdit ? (
        <NewItemRow
          busy={creating}
          error={createError}
          onCreate={onCreate}
          onDismissError={() => setCreateError(null)}
        />
      ) : null}
      {view.items.length === 0 ? (
        <EmptyState>{t('subPlanDetail.empty')}</EmptyState>
      ) : (
        <SubPlanItems
          items={view.items}
          feedback={trials.feedback}
          canEdit={canEdit}
          mayDelete={mayDelete}
          onDeleteEvaluation={(evaluation) => void trials.deleteEvaluation(evaluation)}
          onStatus={(item, status) => void onStatus(item, status)}
          onDelete={(item) => void onDelete(item)}
          onRetry={(item) => trials.retry(item.id)}
          onDismiss={(item) => trials.dismiss(item.id)}
        />
      )}
    </section>
  );
}
