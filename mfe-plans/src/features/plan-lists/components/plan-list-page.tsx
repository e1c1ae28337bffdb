import type { Plan, PlanStatus } from '@aba/contracts/api';
import {
  EmptyState,
  Loading,
  PageHeading,
  useChildPermissions,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useNavigate,
  useTranslation,
} from '@aba/web-kit';
import { ConfirmDialog, LoadFailure } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { usePlanListQuery } from '../../../lib/api/get-plans.js';
import { paths } from '../../../lib/route-paths.js';
import type { PlanKind } from '../../../lib/tags.js';
import { PlansToaster, useToast } from '../../../lib/toaster.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useDeletePlanMutation } from '../api/delete-plan.js';
import { useSetPlanStatusMutation } from '../api/set-plan-status.js';
import { PlanTable, type PlanFailure } from './plan-table.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  footer: { marginTop: tokens.spacingVerticalL },
});

/** /child/{id}/plan/list and /child/{id}/sub-plan/list (spec §2). */
export function PlanListPage({ kind }: { kind: PlanKind }) {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  const styles = useStyles();
  const navigate = useNavigate();
  const childId = useChildId();
  const { canEdit } = useChildPermissions(childId);
  const { data: plans, error, isLoading, isFetching, refetch } = usePlanListQuery({ kind, childId });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [setStatus] = useSetPlanStatusMutation();
  const [deletePlan] = useDeletePlanMutation();
  const toast = useToast();
  const [failures, setFailures] = useState<Readonly<Record<string, PlanFailure>>>({});
  // A change to COMPLETED waits for an answer (issue 13, point 7): the plan leaves the active ones.
  const [completing, setCompleting] = useState<Plan | null>(null);
  const k = kind === 'plan' ? 'plan' : 'subPlan';

  const clearFailure = (id: string) => setFailures(({ [id]: _gone, ...rest }) => rest);
  const run = async (plan: Plan, action: () => Promise<unknown>, failed: string, done: string) => {
    clearFailure(plan.id);
    try {
      await action();
      toast(done);
    } catch (failure) {
      if (!redirectIfUnlicensed(failure))
        setFailures((all) => ({
          ...all,
          [plan.id]: { message: failed, error: failure, retry: () => void run(plan, action, failed, done) },
        }));
    }
  };
  const setPlanStatus = (plan: Plan, status: PlanStatus) =>
    run(
      plan,
      () => setStatus({ kind, childId, id: plan.id, status }).unwrap(),
      t('feedback.planStatusFailed', { name: plan.name }),
      t('toast.planStatus', { name: plan.name, status: t(`planStatus.${status}`) }),
    );
  const onStatus = (plan: Plan, status: PlanStatus) => {
    if (status === plan.status) return;
    if (status === 'COMPLETED') setCompleting(plan);
    else void setPlanStatus(plan, status);
  };
  const onDelete = (plan: Plan) =>
    void run(
      plan,
      () => deletePlan({ kind, childId, id: plan.id }).unwrap(),
      t('feedback.planDeleteFailed', { name: plan.name }),
      t(`${k}.list.deleted`, { name: plan.name }),
    );

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  return (
    <section className={styles.page}>
      <PageHeading>{t(`${k}.list.title`)}</PageHeading>
      <PlansToaster />
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading announced label={t(`${k}.list.loading`)} />
      ) : plans ? (
        plans.length === 0 ? (
          <EmptyState>{t(`${k}.list.empty`)}</EmptyState>
        ) : (
          <PlanTable
            kind={kind}
            childId={childId}
            plans={plans}
            canEdit={canEdit}
            busy={isFetching}
            failures={failures}
            onStatus={onStatus}
            onDelete={onDelete}
            onDismissFailure={(plan) => clearFailure(plan.id)}
          />
        )
      ) : null}
      {canEdit ? (
        <div className={styles.footer}>
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => navigate(paths.create(childId, kind))}
          >
            {t(`${k}.list.create`)}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={completing !== null}
        title={t(`${k}.list.completeTitle`)}
        confirmLabel={t('list.completeConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          if (completing) void setPlanStatus(completing, 'COMPLETED');
          setCompleting(null);
        }}
        onCancel={() => setCompleting(null)}
      >
        {t(`${k}.list.completeText`, { name: completing?.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
