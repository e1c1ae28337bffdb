import { comparePlans, type Plan, type PlanStatus } from '@aba/contracts/api';
import { planListApi } from '../../../lib/api/get-plans.js';
import { detailTag, objectPath, planTag, plansBaseApi, type PlanKind } from '../../../lib/tags.js';

export interface SetPlanStatusArgs {
  kind: PlanKind;
  childId: string;
  id: string;
  status: PlanStatus;
}

/** Sets `status` on the plan in a cached list and keeps the list's order (ACTIVE, INACTIVE, COMPLETED, name). */
export function withStatus(plans: Plan[], id: string, status: PlanStatus): void {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) return;
  plan.status = status;
  plans.sort(comparePlans);
}

/**
 * POST /api/plan/{id}/set-status?status= and /api/sub-plan/{id}/set-status?status= → `{ plan }`.
 * The lists change at once (and move the row to its place); they roll back if the server refuses.
 */
export const setPlanStatusApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    setPlanStatus: build.mutation<Plan, SetPlanStatusArgs>({
      query: ({ kind, id, status }) => ({
        url: `${objectPath(kind, id)}/set-status`,
        method: 'POST',
        params: { status },
      }),
      transformResponse: (response: { plan: Plan }) => response.plan,
      async onQueryStarted({ kind, childId, id, status }, { dispatch, getState, queryFulfilled }) {
        const state = getState() as Parameters<typeof planListApi.util.selectCachedArgsForQuery>[0];
        const patches = planListApi.util
          .selectCachedArgsForQuery(state, 'planList')
          .filter((args) => args.kind === kind && args.childId === childId)
          .map((args) =>
            dispatch(
              planListApi.util.updateQueryData('planList', args, (plans) => withStatus(plans, id, status)),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_plan, error, { kind, id }) =>
        error ? [] : [planTag(kind, id), detailTag(kind, id)],
    }),
  }),
});

export const { useSetPlanStatusMutation } = setPlanStatusApi;
