import { detailTag, kindPath, listTag, planTag, plansBaseApi, type PlanKind } from '../../../lib/tags.js';

export interface SavePlanArgs {
  kind: PlanKind;
  childId: string;
  name: string;
  description: string;
  /** Edit this plan; without it, create one. */
  id?: string;
}

/**
 * POST /api/child/{id}/plan/create and /sub-plan/create, body `{ name, description, id? }` → 201 created /
 * 200 edited, `{ message, id }` (the same path creates and edits, spec §7).
 */
export const savePlanApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    savePlan: build.mutation<{ message: string; id: string }, SavePlanArgs>({
      query: ({ kind, childId, name, description, id }) => ({
        url: `${kindPath(kind, childId)}/create`,
        method: 'POST',
        body: id ? { id, name, description } : { name, description },
      }),
      invalidatesTags: (result, error, { kind, childId }) =>
        error || !result
          ? []
          : [
              listTag(kind, childId),
              planTag(kind, result.id),
              detailTag(kind, result.id),
              { type: 'PlanDetail', id: 'ANY' },
            ],
    }),
  }),
});

export const { useSavePlanMutation } = savePlanApi;
