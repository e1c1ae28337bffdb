import type { LogAbcRequest, LogAbcResponse } from '@aba/contracts/api';
import { abcLogTag, behaviorsBaseApi, childPath } from '../../../lib/tags.js';

/**
 * POST /api/child/{childId}/behavior-abc/log `{ behavior_id, antecedent, consequence }` → 201. Success reloads the
 * behaviour's log (spec §4).
 */
export const logAbcApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    logAbc: build.mutation<LogAbcResponse, { childId: string } & LogAbcRequest>({
      query: ({ childId, ...body }) => ({ url: `${childPath(childId)}/behavior-abc/log`, method: 'POST', body }),
      invalidatesTags: (_answer, error, { behavior_id }) => (error ? [] : [abcLogTag(behavior_id)]),
    }),
  }),
});

export const { useLogAbcMutation } = logAbcApi;
