import type { SessionSetting, TherapySession } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';
import type { DeviceCapture } from '@aba/web-kit/capture';
import { captureQuery, isKeptOnDevice } from '@aba/web-kit/outbox';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { endRecordId, upsertSession } from '../utils/sessions-view.js';

/** Which of a child's sessions: those that started between two of the child's local days (inclusive, `YYYY-MM-DD`). */
export interface SessionsArgs {
  childId: string;
  from?: string;
  to?: string;
}

const sessionsTag = (childId: string) => ({ type: 'ChildSession' as const, id: childId });

/** After a start or an end the child's sessions are read again, unless the phone keeps it (offline: nothing to read). */
const readAgainUnlessKept = (_session: unknown, error: unknown, { childId }: { childId: string }) =>
  isKeptOnDevice(error) ? [] : [sessionsTag(childId)];

/**
 * Session calls (therapy service, issue 15), injected into the one `baseApi`:
 * - GET /api/child/{id}/session/list?from=&to= → `{ sessions }`, newest first;
 * - POST /api/child/{id}/session/start `{ id, captured_at, setting? }` → `{ session }` (the device names the session);
 * - POST /api/child/{id}/session/{sessionId}/end `{ captured_at }` → `{ session }`.
 * A start or an end goes through the device's outbox (ADR 0038): one that cannot be sent now is kept and sent later
 * (its error says `kept`; the bar shows it from the outbox meanwhile). A start or an end the server answered writes
 * its answer into every list of the child already read (the session bar changes at once), then those lists are read
 * again.
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
    startSession: build.mutation<TherapySession, SessionCaptureArgs & { setting?: SessionSetting }>({
      queryFn: ({ childId, setting, userId, capture }, _api, _extra, baseQuery) =>
        sessionOf(
          captureQuery<{ session: TherapySession }>(baseQuery, {
            id: capture.id,
            userId,
            childId,
            kind: 'session-start',
            path: `${childPath(childId)}/session/start`,
            body: { ...capture, ...(setting ? { setting } : {}) },
            capturedAt: capture.captured_at,
          }),
        ),
      onQueryStarted: (args, api) => showInLists(args.childId, api),
      invalidatesTags: readAgainUnlessKept,
    }),
    endSession: build.mutation<TherapySession, SessionCaptureArgs & { sessionId: string }>({
      queryFn: ({ childId, sessionId, userId, capture }, _api, _extra, baseQuery) =>
        sessionOf(
          captureQuery<{ session: TherapySession }>(baseQuery, {
            id: endRecordId(sessionId),
            userId,
            childId,
            kind: 'session-end',
            path: `${childPath(childId)}/session/${encodeURIComponent(sessionId)}/end`,
            body: { captured_at: capture.captured_at },
            capturedAt: capture.captured_at,
          }),
        ),
      onQueryStarted: (args, api) => showInLists(args.childId, api),
      invalidatesTags: readAgainUnlessKept,
    }),
  }),
});

/** A start or an end as the device makes it: its time (and, for a start, the session's id), and who makes it. */
interface SessionCaptureArgs {
  childId: string;
  /** The outbox keeps the call under this user until the server has it (ADR 0038). */
  userId?: string;
  capture: DeviceCapture;
}

async function sessionOf(
  answer: Promise<{ data: { session: TherapySession } } | { error: FetchBaseQueryError }>,
) {
  const result = await answer;
  return 'data' in result ? { data: result.data.session } : result;
}

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

/** Reads every view of the child's sessions again (the bar and the list): a session changed elsewhere. */
export const sessionsChanged = (childId: string) => sessionsApi.util.invalidateTags([sessionsTag(childId)]);

export const { useChildSessionsQuery, useStartSessionMutation, useEndSessionMutation } = sessionsApi;
