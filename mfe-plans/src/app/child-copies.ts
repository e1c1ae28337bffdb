import { readOnce, THROUGH_THE_NETWORK, type AppDispatch } from '@aba/web-kit';
import { startOfDay } from '@aba/web-kit/capture';
import { childEvaluationsApi } from '../features/dashboard/api/get-child-evaluations.js';
import { DEFAULT_PERIOD, periodStart } from '../features/dashboard/utils/chart-series.js';
import { filterOf } from '../features/plan-detail/hooks/use-item-filter.js';
import { planDetailApi } from '../lib/api/get-plan-detail.js';
import { planListApi } from '../lib/api/get-plans.js';
import { subPlanDetailApi } from '../lib/api/get-sub-plan-detail.js';

/**
 * Reads, as its pages read them when opened, what the plans remote shows of a child: the dashboard's chart, the plan
 * and sub-plan lists and each one's detailed view (the plan's as it opens, items in learning). The service worker
 * keeps what they answer, so the child's pages open offline on a phone that never opened them (issue 16, ADR 0039).
 * One read after the other; a failed one is skipped.
 */
export async function keepChildCopies(dispatch: AppDispatch, childId: string): Promise<void> {
  await readOnce(
    dispatch(
      childEvaluationsApi.endpoints.childEvaluations.initiate(
        { childId, from: periodStart(DEFAULT_PERIOD) },
        THROUGH_THE_NETWORK,
      ),
    ),
  );
  const since = startOfDay();
  for (const plan of (await readOnce(
    dispatch(planListApi.endpoints.planList.initiate({ kind: 'plan', childId }, THROUGH_THE_NETWORK)),
  )) ?? []) {
    await readOnce(
      dispatch(
        planDetailApi.endpoints.planDetail.initiate(
          {
            childId,
            planId: plan.id,
            itemsStatus: filterOf(''),
            since,
          },
          THROUGH_THE_NETWORK,
        ),
      ),
    );
  }
  for (const subPlan of (await readOnce(
    dispatch(planListApi.endpoints.planList.initiate({ kind: 'sub-plan', childId }, THROUGH_THE_NETWORK)),
  )) ?? []) {
    await readOnce(
      dispatch(
        subPlanDetailApi.endpoints.subPlanDetail.initiate(
          { childId, subPlanId: subPlan.id },
          THROUGH_THE_NETWORK,
        ),
      ),
    );
  }
}
