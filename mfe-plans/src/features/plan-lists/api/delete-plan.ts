import { ANY_DETAIL, kindPath, listTag, plansBaseApi, type PlanKind } from '../../../lib/tags.js';

export interface DeletePlanArgs {
  kind: PlanKind;
  childId: string;
  id: string;
}

/**
 * POST /api/child/{id}/plan/{planId}/delete and /sub-plan/{planId}/delete → `{ message }`. Deleting a plan keeps
 * its sub-plans; deleting a sub-plan deletes its items and evaluations (and it leaves the plans it was in).
 */
export const deletePlanApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    deletePlan: build.mutation<unknown, DeletePlanArgs>({
      query: ({ kind, childId, id }) => ({
        url: `${kindPath(kind, childId)}/${encodeURIComponent(id)}/delete`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, { kind, childId }) =>
        error ? [] : [listTag(kind, childId), ...ANY_DETAIL, { type: 'ChildEvaluations', id: childId }],
    }),
  }),
});

export const { useDeletePlanMutation } = deletePlanApi;
