import { detailTag, kindPath, plansBaseApi } from '../../../lib/tags.js';

export interface AttachSubPlanArgs {
  childId: string;
  planId: string;
  subPlanId: string;
}

/** POST /api/child/{id}/plan/{planId}/add-sub-plan, body `{ sub_plan_id }` → 201 `{ message }` (409 when already there). */
export const attachSubPlanApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    attachSubPlan: build.mutation<unknown, AttachSubPlanArgs>({
      query: ({ childId, planId, subPlanId }) => ({
        url: `${kindPath('plan', childId)}/${encodeURIComponent(planId)}/add-sub-plan`,
        method: 'POST',
        body: { sub_plan_id: subPlanId },
      }),
      invalidatesTags: (_result, error, { planId }) => (error ? [] : [detailTag('plan', planId)]),
    }),
  }),
});

export const { useAttachSubPlanMutation } = attachSubPlanApi;
