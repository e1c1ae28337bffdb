import type { LogBehaviorResponse } from '@aba/contracts/api';
import { captureQuery } from '@aba/web-kit/outbox';
import { behaviorPath, behaviorsBaseApi } from '../../../lib/tags.js';
import { getBehaviorApi } from './get-behavior.js';

export interface LogBehaviorArgs {
  behaviorId: string;
  /** How the screen names it: told to the child's team if the behaviour is deleted before the tap arrives. */
  behaviorName?: string;
  /**
   * This tap's own id (a UUID made on the device): the optimistic tracking entry carries it until the server's
   * replaces it, and every retry sends it again, so the server records the tap once (ADR 0037).
   */
  key: string;
  /** When the tap happened (ISO): the occurrence's time, whenever it reaches the server. */
  at: string;
  childId: string;
  /** Who tapped: the device's outbox keeps the tap under their id until the server has it (ADR 0038). */
  userId?: string;
}

const optimisticId = (key: string) => `pending:${key}`;

/**
 * POST /api/behavior/{id}/log `{ id, captured_at }` → 201 `{ message, entry }` (200 when the server had it already),
 * kept in the device's outbox first: one that cannot be sent now is sent later by the sync (its error says `kept`). Optimistic: a cached detail of the behaviour
 * (its chart) gets the entry at once; the server's entry replaces it, a failure takes it out again. (The list's
 * counts are the logger's: `countOccurrence` once saved.)
 */
export const logBehaviorApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    logBehavior: build.mutation<LogBehaviorResponse, LogBehaviorArgs>({
      queryFn: ({ behaviorId, behaviorName, key, at, childId, userId }, _api, _extra, baseQuery) =>
        captureQuery<LogBehaviorResponse>(baseQuery, {
          id: key,
          userId,
          childId,
          kind: 'behavior-log',
          target: { id: behaviorId, label: behaviorName },
          path: `${behaviorPath(behaviorId)}/log`,
          body: { id: key, captured_at: at },
          capturedAt: at,
        }),
      async onQueryStarted({ behaviorId, key, at }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          getBehaviorApi.util.updateQueryData('behavior', behaviorId, (draft) => {
            draft.behavior_tracking.push({ id: optimisticId(key), behavior_id: behaviorId, date_logged: at });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            getBehaviorApi.util.updateQueryData('behavior', behaviorId, (draft) => {
              const index = draft.behavior_tracking.findIndex((entry) => entry.id === optimisticId(key));
              if (index >= 0) draft.behavior_tracking[index] = data.entry;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useLogBehaviorMutation } = logBehaviorApi;
