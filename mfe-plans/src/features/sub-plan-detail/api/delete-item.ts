import { patchDetailViews } from '../../../lib/api/detail-cache.js';
import { removeItem } from '../../../lib/optimistic.js';
import { ANY_DETAIL, itemPath, plansBaseApi } from '../../../lib/tags.js';

/**
 * POST /api/sub-plan-item/{id}/delete → `{ message }` (its evaluations go with it). The row goes at once and comes
 * back if the server refuses.
 */
export const deleteItemApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    deletePlanItem: build.mutation<unknown, { itemId: string; childId: string }>({
      query: ({ itemId }) => ({ url: `${itemPath(itemId)}/delete`, method: 'POST' }),
      async onQueryStarted({ itemId }, { dispatch, getState, queryFulfilled }) {
        const patches = patchDetailViews(dispatch, getState, ({ view }) => {
          removeItem(view, itemId);
        });
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, error, { childId }) =>
        error ? [] : [...ANY_DETAIL, { type: 'ChildEvaluations', id: childId }],
    }),
  }),
});

export const { useDeletePlanItemMutation } = deleteItemApi;
