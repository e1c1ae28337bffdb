import type { EvaluationResult, MasteryLiveResponse } from '@aba/contracts/api';
import { addTap } from '../mastery-live.js';
import { ANY_LIVE, kindPath, plansBaseApi } from '../tags.js';
import type { Dispatch, Patch } from './detail-cache.js';

export interface MasteryLiveArgs {
  childId: string;
  planId: string;
}

/**
 * GET /api/child/{id}/plan/{planId}/mastery-live → the caller's session, the child's time zone and each open item's
 * current phase counted per session: what "3/5 trials" and "streak 2/3" are computed from. A tap is added to it at
 * once (see create-evaluation.ts); every evaluation or status change reads it again (`MasteryLive`), and so does a
 * session started or ended in the shell's session bar (`ChildSession`).
 */
export const masteryLiveApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    masteryLive: build.query<MasteryLiveResponse, MasteryLiveArgs>({
      query: ({ childId, planId }) =>
        `${kindPath('plan', childId)}/${encodeURIComponent(planId)}/mastery-live`,
      providesTags: (_live, _error, { childId, planId }) => [
        { type: 'MasteryLive', id: planId },
        ANY_LIVE,
        { type: 'ChildSession', id: childId },
      ],
    }),
  }),
});

export const { useMasteryLiveQuery } = masteryLiveApi;

/** Adds a tap of `itemId` to every cached plan's live counts that has the item (optimistic); the patches undo it. */
export function addTapToLiveCounts(
  dispatch: Dispatch,
  getState: () => unknown,
  tap: { itemId: string; result: EvaluationResult; capturedAt: string },
): Patch[] {
  const state = getState() as Parameters<typeof masteryLiveApi.util.selectCachedArgsForQuery>[0];
  return masteryLiveApi.util.selectCachedArgsForQuery(state, 'masteryLive').map((args) =>
    dispatch(
      masteryLiveApi.util.updateQueryData('masteryLive', args, (draft) => {
        addTap(draft, tap.itemId, tap.result, tap.capturedAt);
      }),
    ),
  );
}
