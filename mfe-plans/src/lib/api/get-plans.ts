import type { Plan, PlanStatus } from '@aba/contracts/api';
import { kindPath, listTag, planTag, plansBaseApi, type PlanKind } from '../tags.js';

export interface PlanListArgs {
  kind: PlanKind;
  childId: string;
  status?: PlanStatus;
}

/**
 * GET /api/child/{id}/plan/list?status= and /sub-plan/list?status= → `{ plans }`, ordered ACTIVE, INACTIVE,
 * COMPLETED, then name (by the server). Used by the lists and by the plan page's "add a sub-plan" choices.
 */
export const planListApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    planList: build.query<Plan[], PlanListArgs>({
      query: ({ kind, childId, status }) => ({
        url: `${kindPath(kind, childId)}/list`,
        params: status ? { status } : undefined,
      }),
      transformResponse: (response: { plans?: Plan[] }) => response.plans ?? [],
      providesTags: (plans, _error, { kind, childId }) => [
        listTag(kind, childId),
        ...(plans ?? []).map((plan) => planTag(kind, plan.id)),
      ],
    }),
  }),
});

export const { usePlanListQuery } = planListApi;
