import type { LogBehaviorResponse } from '@aba/contracts/api';
import { behaviorPath, behaviorsBaseApi } from '../../../lib/tags.js';
import { getBehaviorApi } from './get-behavior.js';

export interface LogBehaviorArgs {
  behaviorId: string;
  /** Client key of this tap; the optimistic tracking entry carries it until the server's replaces it. */
  key: string;
  /** When the tap happened (ISO), shown until the server answers. */
  at: string;
}

const optimisticId = (key: string) => `pending:${key}`;

/**
 * POST /api/behavior/{id}/log (no body) → 201 `{ message, entry }`. Optimistic: a cached detail of the behaviour
 * (its chart) gets the entry at once; the server's entry replaces it, a failure takes it out again. (The list's
 * counts are the logger's: `countOccurrence` once saved.)
 */
export const logBehaviorApi = behaviorsBaseApi.injectEndpoints({
  endpoints: (build) => ({
    logBehavior: build.mutation<LogBehaviorResponse, LogBehaviorArgs>({
      query: ({ behaviorId }) => ({ url: `${behaviorPath(behaviorId)}/log`, method: 'POST' }),
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
