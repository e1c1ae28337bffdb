import { childPath } from '@aba/web-kit';
import type { Behavior, BehaviorListItem, BehaviorListResponse } from '@aba/contracts/api';
import type { AppThunk } from '@aba/web-kit';
import { startOfDay } from '@aba/web-kit/capture';
import { behaviorListTag, behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';

export type { Behavior, BehaviorListItem };

export interface BehaviorsArgs {
  childId: string;
  /** Start of the viewer's day (ISO): each behaviour comes with its occurrences since then. */
  since: string;
}

/** GET /api/child/{id}/behavior/list?since= → `{ behaviors }` (by name, each with `occurrences_since`). */
export const getBehaviorsApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    behaviors: build.query<BehaviorListItem[], BehaviorsArgs>({
      query: ({ childId, since }) => ({ url: `${childPath(childId)}/behavior/list`, params: { since } }),
      transformResponse: (response: BehaviorListResponse) => response.behaviors ?? [],
      providesTags: (behaviors, _error, { childId }) => [
        behaviorListTag(childId),
        ...(behaviors ?? []).map((behavior) => behaviorTag(behavior.id)),
      ],
    }),
  }),
});

/**
 * The child's behaviours with today's count each. The page's table and its ABC section share this one cache entry;
 * from the viewer's next midnight on, it is another entry, read afresh.
 */
export function useChildBehaviors(childId: string) {
  return getBehaviorsApi.useBehaviorsQuery({ childId, since: startOfDay() }, { skip: !childId });
}

/**
 * One more saved occurrence of a behaviour, logged at `at` (ISO): the child's cached lists whose day it falls in count
 * it at once, without reading the list again.
 */
export function countOccurrence(childId: string, behaviorId: string, at: string): AppThunk {
  return (dispatch, getState) => {
    const lists = getBehaviorsApi.util
      .selectCachedArgsForQuery(getState(), 'behaviors')
      .filter((args) => args.childId === childId && args.since <= at);
    for (const args of lists) {
      dispatch(
        getBehaviorsApi.util.updateQueryData('behaviors', args, (draft) => {
          const behavior = draft.find((entry) => entry.id === behaviorId);
          if (behavior) behavior.occurrences_since = (behavior.occurrences_since ?? 0) + 1;
        }),
      );
    }
  };
}
