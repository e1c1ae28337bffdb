import { childPath } from '@aba/web-kit';
import type { MessageResponse } from '@aba/contracts/api';
import { abcLogTag, behaviorListTag, behaviorsBaseApi } from '../../../lib/tags.js';

/** POST /api/child/{id}/behavior/{behaviorId}/delete → 200 (its tracking and ABC entries go too). */
export const deleteBehaviorApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteBehavior: build.mutation<MessageResponse, { childId: string; behaviorId: string }>({
      query: ({ childId, behaviorId }) => ({
        url: `${childPath(childId)}/behavior/${encodeURIComponent(behaviorId)}/delete`,
        method: 'POST',
      }),
      // The list only: re-reading the deleted behaviour would just answer 404.
      invalidatesTags: (_answer, _error, { childId, behaviorId }) => [
        behaviorListTag(childId),
        abcLogTag(behaviorId),
      ],
    }),
  }),
});

export const { useDeleteBehaviorMutation } = deleteBehaviorApi;
