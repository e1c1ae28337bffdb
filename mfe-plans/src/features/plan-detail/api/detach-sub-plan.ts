import type { PlanDetailedView } from '@aba/contracts/api';
import { planDetailApi } from '../../../lib/api/get-plan-detail.js';
import { detailTag, objectPath, plansBaseApi } from '../../../lib/tags.js';

export interface DetachSubPlanArgs {
  childId: string;
  planId: string;
  subPlanId: string;
}

/** Takes the sub-plan out of a cached plan view. */
export function withoutSubPlan(view: PlanDetailedView, subPlanId: string): void {
  const index = view.sub_plans.findIndex((subPlan) => subPlan.id === subPlanId);
  if (index >= 0) view.sub_plans.splice(index, 1);
}

/**
 * POST /api/plan/{planId}/sub-plan/{subPlanId}/delete → `{ message }`: the sub-plan leaves the plan (it is not
 * deleted). The card goes at once and comes back if the server refuses.
 */
export const detachSubPlanApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    detachSubPlan: build.mutation<unknown, DetachSubPlanArgs>({
      query: ({ planId, subPlanId }) => ({
        url: `${objectPath('plan', planId)}/sub-plan/${encodeURIComponent(subPlanId)}/delete`,
        method: 'POST',
      }),
      async onQueryStarted({ planId, subPlanId }, { dispatch, getState, queryFulfilled }) {
        const state = getState() as Parameters<typeof planDetailApi.util.selectCachedArgsForQuery>[0];
        const patches = planDetailApi.util
          .selectCachedArgsForQuery(state, 'planDetail')
          .filter((args) => args.planId === planId)
          .map((args) =>
            dispatch(
              planDetailApi.util.updateQueryData('planDetail', args, (view) =>
                withoutSubPlan(view, subPlanId),
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, error, { planId }) => (error ? [] : [detailTag('plan', planId)]),
    }),
  }),
});

export const { useDetachSubPlanMutation } = detachSubPlanApi;
