import type { BehaviorDetailResponse, BehaviorTracking } from '@aba/contracts/api';
import { behaviorPath, behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';

export type { BehaviorDetailResponse, BehaviorTracking };

/** GET /api/behavior/{id} → `{ behavior, behavior_tracking }` (tracking oldest first). */
export const getBehaviorApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    behavior: build.query<BehaviorDetailResponse, string>({
      query: (behaviorId) => behaviorPath(behaviorId),
      providesTags: (_answer, _error, behaviorId) => [behaviorTag(behaviorId)],
    }),
  }),
});

export const { useBehaviorQuery } = getBehaviorApi;
