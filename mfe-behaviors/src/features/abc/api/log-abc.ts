import { childPath } from '@aba/web-kit';
import type { LogAbcRequest, LogAbcResponse } from '@aba/contracts/api';
import type { DeviceCapture } from '@aba/web-kit/capture';
import { abcLogTag, behaviorListTag, behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';

/**
 * POST /api/child/{childId}/behavior-abc/log `{ behavior_id, antecedent, consequence, id, captured_at }` → 201
 * `{ entry, occurrence, attached }` (200 when the server had the entry's id already: ADR 0037): the entry is an
 * occurrence (ADR 0019). Success reloads the behaviour's log (spec §4) and, since it may
 * have counted a new occurrence, its chart and the child's list with today's counts.
 */
export const logAbcApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    logAbc: build.mutation<LogAbcResponse, { childId: string } & LogAbcRequest & DeviceCapture>({
      query: ({ childId, ...body }) => ({
        url: `${childPath(childId)}/behavior-abc/log`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (answer, error, { childId, behavior_id }) =>
        error
          ? []
          : [
              abcLogTag(behavior_id),
              ...(answer?.attached ? [] : [behaviorTag(behavior_id), behaviorListTag(childId)]),
            ],
    }),
  }),
});

export const { useLogAbcMutation } = logAbcApi;
