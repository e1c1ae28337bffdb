import type { Behavior, BehaviorListResponse } from '@aba/contracts/api';
import { behaviorListTag, behaviorsBaseApi, behaviorTag, childPath } from '../../../lib/tags.js';

export type { Behavior };

/** GET /api/child/{id}/behavior/list → `{ behaviors }` (by name). */
export const getBehaviorsApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    behaviors: build.query<Behavior[], string>({
      query: (childId) => `${childPath(childId)}/behavior/list`,
      transformResponse: (response: BehaviorListResponse) => response.behaviors ?? [],
      providesTags: (behaviors, _error, childId) => [
        behaviorListTag(childId),
        ...(behaviors ?? []).map((behavior) => behaviorTag(behavior.id)),
      ],
    }),
  }),
});

export const { useBehaviorsQuery } = getBehaviorsApi;
