import type { EvaluationResponse, EvaluationResult } from '@aba/contracts/api';
import type { DeviceCapture } from '@aba/web-kit/capture';
import { captureQuery } from '@aba/web-kit/outbox';
import { addEvaluation, confirmEvaluation, optimisticEvaluation } from '../optimistic.js';
import { itemPath, kindPath, plansBaseApi } from '../tags.js';
import { cachedItemDescription, patchDetailViews, trialOutcomeTags } from './detail-cache.js';
import { addTapToLiveCounts } from './get-mastery-live.js';

export interface CreateEvaluationArgs {
  itemId: string;
  result: EvaluationResult;
  childId: string;
  /** Through the plan (POST /api/child/{id}/plan/{planId}/item/{itemId}/evaluation/create): the evaluation remembers it. */
  planId?: string;
  /** The author, shown at once on the placeholder; the outbox keeps the answer under their id until it is sent. */
  user?: { id: string; first_name: string; last_name: string } | null;
  /** The answer's own id and time on this device: the same on every retry, so the server records it once. */
  capture: DeviceCapture;
}

/**
 * POST /api/sub-plan-item/{id}/evaluation/create or the plan path, body `{ result, id, captured_at }` → 201
 * `{ evaluation, mastery }` (what the mastery rule did after it, if anything); 200 when the server had it already.
 * The answer is kept in the device's outbox before it is sent (`captureQuery`): one that cannot be sent now stays
 * there and is sent later by the sync, and its error says so (`kept`).
 * Optimistic: the evaluation shows (and counts) at once in every cached detailed view and live count; the server's
 * replaces it, or it goes away again if the server refuses (the caller says the answer was not saved).
 */
export const createEvaluationApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    createItemEvaluation: build.mutation<EvaluationResponse, CreateEvaluationArgs>({
      queryFn: ({ itemId, result, childId, planId, user, capture }, { getState }, _extra, baseQuery) =>
        captureQuery<EvaluationResponse>(baseQuery, {
          id: capture.id,
          userId: user?.id,
          childId,
          kind: 'evaluation',
          target: { id: itemId, label: cachedItemDescription(getState, itemId) },
          path: planId
            ? `${kindPath('plan', childId)}/${encodeURIComponent(planId)}/item/${encodeURIComponent(itemId)}/evaluation/create`
            : `${itemPath(itemId)}/evaluation/create`,
          body: { result, ...capture },
          capturedAt: capture.captured_at,
        }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const placeholder = optimisticEvaluation({
          itemId: args.itemId,
          result: args.result,
          planId: args.planId,
          user: args.user,
        });
        const patches = [
          ...patchDetailViews(dispatch, getState, ({ view, limit, since }) => {
            addEvaluation(view, placeholder, limit, since);
          }),
          ...addTapToLiveCounts(dispatch, getState, {
            itemId: args.itemId,
            result: args.result,
            capturedAt: args.capture.captured_at,
          }),
        ];
        try {
          const { data } = await queryFulfilled;
          patchDetailViews(dispatch, getState, ({ view }) => {
            confirmEvaluation(view, placeholder.id, data.evaluation);
          });
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: trialOutcomeTags,
    }),
  }),
});

export const { useCreateItemEvaluationMutation } = createEvaluationApi;
