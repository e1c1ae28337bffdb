import type { ItemStatus, PlanDetailedView } from '@aba/contracts/api';
import { detailTag, kindPath, plansBaseApi } from '../tags.js';

export interface PlanDetailArgs {
  childId: string;
  planId: string;
  /** Only items of this status (absent: every item). */
  itemsStatus?: ItemStatus | null;
  /** Count each item's evaluations from this instant on (`evaluations_since`): the viewer's today. */
  since?: string;
}

/**
 * GET /api/child/{id}/plan/{planId}/detailed-view?items_status=&since= →
 * `{ plan, sub_plans: [{ …, items: [{ …, evaluations, evaluations_since }] }] }`.
 */
export const planDetailApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    planDetail: build.query<PlanDetailedView, PlanDetailArgs>({
      query: ({ childId, planId, itemsStatus, since }) => ({
        url: `${kindPath('plan', childId)}/${encodeURIComponent(planId)}/detailed-view`,
        params: { ...(itemsStatus ? { items_status: itemsStatus } : {}), ...(since ? { since } : {}) },
      }),
      providesTags: (_view, _error, { planId }) => [
        detailTag('plan', planId),
        { type: 'PlanDetail', id: 'ANY' },
      ],
    }),
  }),
});

export const { usePlanDetailQuery } = planDetailApi;
