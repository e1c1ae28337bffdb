import { childPath } from '@aba/web-kit';
import type { CreateBehaviorRequest, CreateBehaviorResponse } from '@aba/contracts/api';
import { behaviorListTag, behaviorsBaseApi } from '../../../lib/tags.js';

/** POST /api/child/{id}/behavior/create `{ name }` → 201 `{ behavior }` (400 blank/too long, 409 name taken). */
export const createBehaviorApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    createBehavior: build.mutation<CreateBehaviorResponse, { childId: string } & CreateBehaviorRequest>({
      query: ({ childId, ...body }) => ({
        url: `${childPath(childId)}/behavior/create`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_answer, error, { childId }) => (error ? [] : [behaviorListTag(childId)]),
    }),
  }),
});

export const { useCreateBehaviorMutation } = createBehaviorApi;
