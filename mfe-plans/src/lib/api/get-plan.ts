import type { Plan, PlanItem } from '@aba/contracts/api';
import { kindPath, planTag, plansBaseApi, type PlanKind } from '../tags.js';

export interface PlanByIdArgs {
  kind: PlanKind;
  childId: string;
  id: string;
}

export interface PlanById {
  plan: Plan;
  /** The items of the plan's sub-plans (a plan only; empty for a sub-plan). */
  plan_items: PlanItem[];
}

/** GET /api/child/{id}/plan/{planId} → `{ plan, plan_items }`; GET /api/child/{id}/sub-plan/{planId} → `{ plan }`. */
export const planByIdApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    planById: build.query<PlanById, PlanByIdArgs>({
      query: ({ kind, childId, id }) => `${kindPath(kind, childId)}/${encodeURIComponent(id)}`,
      transformResponse: (response: { plan: Plan; plan_items?: PlanItem[] }) => ({
        plan: response.plan,
        plan_items: response.plan_items ?? [],
      }),
      providesTags: (_result, _error, { kind, id }) => [planTag(kind, id)],
    }),
  }),
});

export const { usePlanByIdQuery } = planByIdApi;
