import { childPath } from '@aba/web-kit';
import type { LogAbcRequest, LogAbcResponse } from '@aba/contracts/api';
import type { DeviceCapture } from '@aba/web-kit/capture';
import { captureQuery } from '@aba/web-kit/outbox';
import { abcLogTag, behaviorListTag, behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';

export type LogAbcArgs = LogAbcRequest &
  DeviceCapture & {
    childId: string;
    /** Who logs it: the device's outbox keeps the entry under their id until the server has it (ADR 0038). */
    userId?: string;
  };

/**
 * POST /api/child/{childId}/behavior-abc/log `{ behavior_id, antecedent, consequence, id, captured_at }` → 201
 * `{ entry, occurrence, attached }` (200 when the server had the entry's id already: ADR 0037), kept in the device's
 * outbox first (one that cannot be sent now is sent later by the sync; its error says `kept`): the entry is an
 * occurrence (ADR 0019). Success reloads the behaviour's log (spec §4) and, since it may
 * have counted a new occurrence, its chart and the child's list with today's counts.
 */
export const logAbcApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    logAbc: build.mutation<LogAbcResponse, LogAbcArgs>({
      queryFn: ({ childId, userId, ...body }, _api, _extra, baseQuery) =>
        captureQuery<LogAbcResponse>(baseQuery, {
          id: body.id,
          userId,
          childId,
          kind: 'abc-entry',
          target: { id: body.behavior_id },
          path: `${childPath(childId)}/behavior-abc/log`,
          body,
          capturedAt: body.captured_at,
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
