import { removeEvaluation } from '../optimistic.js';
import { plansBaseApi } from '../tags.js';
import { evaluationChangedTags, patchDetailViews } from './detail-cache.js';

export interface DeleteEvaluationArgs {
  evaluationId: string;
  itemId: string;
  childId: string;
}

/**
 * POST /api/item-evaluation/{id}/delete → `{ message }` (therapists: their own only, 403 otherwise).
 * Optimistic: the icon goes at once and comes back if the server refuses.
 */
export const deleteEvaluationApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteItemEvaluation: build.mutation<unknown, DeleteEvaluationArgs>({
      query: ({ evaluationId }) => ({
        url: `api/item-evaluation/${encodeURIComponent(evaluationId)}/delete`,
        method: 'POST',
      }),
      async onQueryStarted({ evaluationId }, { dispatch, getState, queryFulfilled }) {
        const patches = patchDetailViews(dispatch, getState, ({ view, since }) => {
          removeEvaluation(view, evaluationId, since);
        });
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: evaluationChangedTags,
    }),
  }),
});

export const { useDeleteItemEvaluationMutation } = deleteEvaluationApi;
