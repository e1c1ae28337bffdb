import type { SessionSetting, TherapySession } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';
import { upsertSession } from '../utils/sessions-view.js';

/** Which of a child's sessions: those that started between two of the child's local days (inclusive, `YYYY-MM-DD`). */
export interface SessionsArgs {
  childId: string;
  from?: string;
  to?: string;
}

const sessionsTag = (childId: string) => ({ type: 'ChildSession' as const, id: childId });

/**
 * Session calls (therapy service, issue 15), injected into the one `baseApi`:
 * - GET /api/child/{id}/session/list?from=&to= → `{ sessions }`, newest first;
 * - POST /api/child/{id}/session/start `{ setting? }` → `{ session }` (the caller's running one if there is one);
 * - POST /api/child/{id}/session/{sessionId}/end → `{ session }`.
 * A start or an end writes its answer into every list of the child already read (the session bar changes at once),
 * then those lists are read again.
 */
export const sessionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ChildSession'] }).injectEndpoints({
  endpoints: (build) => ({
    childSessions: build.query<TherapySession[], SessionsArgs>({
      query: ({ childId, from, to }) => ({
        url: `${childPath(childId)}/session/list`,
        params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }),
      transformResponse: (response: { sessions?: TherapySession[] }) => response.sessions ?? [],
      providesTags: (_sessions, _error, { childId }) => [sessionsTag(childId)],
    }),
    startSession: build.mutation<TherapySession, { childId: string; setting?: SessionSetting }>({
      query: ({ childId, setting }) => ({
        url: `${childPath(childId)}/session/start`,
        method: 'POST',
        body: setting ? { setting } : {},
      }),
      transformResponse: (response: { session: TherapySession }) => response.session,
      onQueryStarted: (args, api) => showInLists(args.childId, api),
      invalidatesTags: (_session, _error, { childId }) => [sessionsTag(childId)],
    }),
    endSession: build.mutation<TherapySession, { childId: string; sessionId: string }>({
      query: ({ childId, sessionId }) => ({
        url: `${childPath(childId)}/session/${encodeURIComponent(sessionId)}/end`,
        method: 'POST',
      }),
      transformResponse: (response: { session: TherapySession }) => response.session,
      onQueryStarted: (args, api) => showInLists(args.childId, api),
      invalidatesTags: (_session, _error, { childId }) => [sessionsTag(childId)],
    }),
  }),
});

type MutationLifecycle = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: TherapySession }>;
};

/** Puts a started or ended session into the child's lists already in the cache, before they are read again. */
async function showInLists(childId: string, { dispatch, getState, queryFulfilled }: MutationLifecycle) {
  let session: TherapySession;
  try {
    ({ data: session } = await queryFulfilled);
  } catch {
    return;
  }
  const cached = sessionsApi.util.selectCachedArgsForQuery(
    getState() as Parameters<typeof sessionsApi.util.selectCachedArgsForQuery>[0],
    'childSessions',
  );
  for (const args of cached.filter((cachedArgs) => cachedArgs.childId === childId)) {
    // A list up to a given day is left to its new read (the session's local day needs the child's time zone).
    const addIfMissing = args.to === undefined;
    dispatch(
      sessionsApi.util.updateQueryData('childSessions', args, (draft) =>
        upsertSession(draft, session, addIfMissing),
      ),
    );
  }
}

export const { useChildSessionsQuery, useStartSessionMutation, useEndSessionMutation } = sessionsApi;
