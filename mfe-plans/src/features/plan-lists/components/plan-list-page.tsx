import type { Plan, PlanStatus } from '@aba/contracts/api';
import {
  PageHeading,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useNavigate,
  useTranslation,
} from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { usePlanListQuery } from '../../../api/get-plans.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { EmptyState, LoadingState } from '../../../components/page-states.js';
import { paths } from '../../../lib/route-paths.js';
import type { PlanKind } from '../../../lib/tags.js';
import { useChildId, useChildPermissions } from '../../../lib/use-child.js';
import { useDeletePlanMutation } from '../api/delete-plan.js';
import { useSetPlanStatusMutation } from '../api/set-plan-status.js';
import { PlanTable } from './plan-table.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  footer: { marginTop: tokens.spacingVerticalL },
});

/** /child/{id}/plan/list and /child/{id}/sub-plan/list (spec §2). */
export function PlanListPage({ kind }: { kind: PlanKind }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const navigate = useNavigate();
  const childId = useChildId();
  const { canEdit } = useChildPermissions(childId);
  const { data: plans, error, isLoading, isFetching, refetch } = usePlanListQuery({ kind, childId });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [setStatus] = useSetPlanStatusMutation();
  const [deletePlan] = useDeletePlanMutation();
  const [actionError, setActionError] = useState<unknown>(null);
  const k = kind === 'plan' ? 'plan' : 'subPlan';

  const run = async (action: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await action();
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setActionError(failure);
    }
  };
  const onStatus = (plan: Plan, status: PlanStatus) =>
    run(() => setStatus({ kind, childId, id: plan.id, status }).unwrap());
  const onDelete = (plan: Plan) => run(() => deletePlan({ kind, childId, id: plan.id }).unwrap());

  if (redirecting) return <LoadingState label={t('common.loading')} />;
  return (
    <section className={styles.page}>
      <PageHeading>{t(`${k}.list.title`)}</PageHeading>
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      <ErrorAlert error={actionError} onDismiss={() => setActionError(null)} />
      {isLoading ? (
        <LoadingState label={t(`${k}.list.loading`)} />
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
            onStatus={onStatus}
            onDelete={onDelete}
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
    </section>
  );
}
