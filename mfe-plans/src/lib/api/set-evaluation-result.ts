import type { EvaluationResponse, EvaluationResult } from '@aba/contracts/api';
import { setEvaluationResult } from '../optimistic.js';
import { plansBaseApi } from '../tags.js';
import { patchDetailViews, trialOutcomeTags } from './detail-cache.js';

export interface SetEvaluationResultArgs {
  evaluationId: string;
  itemId: string;
  childId: string;
  result: EvaluationResult;
}

/**
 * POST /api/item-evaluation/{id}/set-result, body `{ result }` → `{ evaluation, mastery }` (the redo: the result corrected in
 * place, ADR 0017; therapists: their own only). Optimistic: the icon changes at once and changes back if refused.
 */
export const setEvaluationResultApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    setEvaluationResult: build.mutation<EvaluationResponse, SetEvaluationResultArgs>({
      query: ({ evaluationId, result }) => ({
        url: `api/item-evaluation/${encodeURIComponent(evaluationId)}/set-result`,
        method: 'POST',
        body: { result },
      }),
      async onQueryStarted({ evaluationId, result }, { dispatch, getState, queryFulfilled }) {
        const patches = patchDetailViews(dispatch, getState, ({ view }) => {
          setEvaluationResult(view, evaluationId, result);
        });
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: trialOutcomeTags,
    }),
  }),
});

export const { useSetEvaluationResultMutation } = setEvaluationResultApi;
