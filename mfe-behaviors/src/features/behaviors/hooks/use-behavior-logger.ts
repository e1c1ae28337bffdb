import type { WithSlice } from '@reduxjs/toolkit';
import {
  rootReducer,
  useAppDispatch,
  useAppSelector,
  useLicenceRedirectHandler,
  useSession,
  type AppThunk,
} from '@aba/web-kit';
import { captureNow } from '@aba/web-kit/capture';
import {
  discardCapture,
  listenForSentCaptures,
  listenForSetAsideCaptures,
  refusalOf,
  type SetAsideCapture,
} from '@aba/web-kit/outbox';
import { behaviorsBaseApi, behaviorTag } from '../../../lib/tags.js';
import { useCallback, useEffect, useMemo } from 'react';
import { countOccurrence } from '../api/get-behaviors.js';
import { logBehaviorApi } from '../api/log-behavior.js';
import {
  anySending,
  behaviorLogSlice,
  dismissed,
  failed,
  failedLogs,
  retried,
  started,
  succeeded,
  type BehaviorLogState,
  type PendingLog,
} from './behavior-log-slice.js';

declare module '@aba/web-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof behaviorLogSlice> {}
}

const injected = behaviorLogSlice.injectInto(rootReducer);
const selectState = (state: Parameters<typeof injected.selectSlice>[0]): BehaviorLogState =>
  injected.selectSlice(state);

type Outcome = { ok: true } | { ok: false; error: unknown };

function send(
  log: Pick<PendingLog, 'key' | 'childId' | 'userId' | 'behaviorId' | 'behaviorName' | 'at'>,
): AppThunk<Promise<Outcome>> {
  return async (dispatch) => {
    try {
      const { entry } = await dispatch(
        logBehaviorApi.endpoints.logBehavior.initiate({
          behaviorId: log.behaviorId,
          behaviorName: log.behaviorName,
          key: log.key,
          at: log.at,
          childId: log.childId,
          userId: log.userId,
        }),
      ).unwrap();
      // In one go, so today's count never shows it twice or not at all: counted as saved, no longer as on its way.
      dispatch(countOccurrence(log.childId, log.behaviorId, entry.date_logged));
      dispatch(succeeded(log.key));
      return { ok: true };
    } catch (error) {
      dispatch(failed({ key: log.key, error }));
      return { ok: false, error };
    }
  };
}

/** One tap: recorded at once as sending, then sent. */
export function logBehavior(target: {
  childId: string;
  userId?: string;
  behaviorId: string;
  behaviorName: string;
}): AppThunk<Promise<Outcome>> {
  return (dispatch) => {
    const { id: key, captured_at: at } = captureNow();
    const log = { ...target, key, at };
    dispatch(started(log));
    return dispatch(send(log));
  };
}

/** Sends a failed log again. */
export function retryLog(key: string): AppThunk<Promise<Outcome>> {
  return async (dispatch, getState) => {
    const log = selectState(getState()).logs.find((entry) => entry.key === key);
    if (!log || log.status !== 'failed') return { ok: true };
    dispatch(retried(key));
    return dispatch(send(log));
  };
}

/** Logs the device's outbox sent later (they were shown as not sent yet): counted now, and their charts read again. */
function sentLater(ids: readonly string[]): AppThunk {
  return (dispatch, getState) => {
    for (const log of selectState(getState()).logs) {
      if (log.status !== 'failed' || !ids.includes(log.key)) continue;
      dispatch(countOccurrence(log.childId, log.behaviorId, log.at));
      dispatch(succeeded(log.key));
      dispatch(behaviorsBaseApi.util.invalidateTags([behaviorTag(log.behaviorId)]));
    }
  };
}

/** Logs the outbox found refused when it sent them later (shown as kept): they now say they were NOT saved, and why. */
function setAsideLater(captures: readonly SetAsideCapture[]): AppThunk {
  return (dispatch, getState) => {
    for (const log of selectState(getState()).logs) {
      const refused = log.status === 'failed' && captures.find(({ id }) => id === log.key);
      if (refused) dispatch(failed({ key: log.key, error: refusalOf(refused) }));
    }
  };
}

/**
 * Logging behaviours of a child, optimistically: `log(behavior)` returns at once (the caller shows the toast),
 * `failures` lists the logs the server refused or never got (each with `retry` / `dismiss`), `sending(id)` how many
 * are on their way. A 402 (no licence) sends the user to billing. While a log is on its way, closing the page asks first.
 */
export function useBehaviorLogger(childId: string) {
  const dispatch = useAppDispatch();
  const userId = useSession().user?.id;
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const state = useAppSelector(selectState);
  const failures = useMemo(() => failedLogs(state, childId), [state, childId]);
  const busy = anySending(state);

  useEffect(() => listenForSentCaptures((ids) => dispatch(sentLater(ids))), [dispatch]);
  useEffect(() => listenForSetAsideCaptures((captures) => dispatch(setAsideLater(captures))), [dispatch]);

  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const log = useCallback(
    (behavior: { id: string; name: string }) => {
      void dispatch(
        logBehavior({ childId, userId, behaviorId: behavior.id, behaviorName: behavior.name }),
      ).then((outcome) => {
        if (!outcome.ok) redirectIfUnlicensed(outcome.error);
      });
    },
    [dispatch, childId, userId, redirectIfUnlicensed],
  );
  const retry = useCallback(
    (key: string) => {
      void dispatch(retryLog(key)).then((outcome) => {
        if (!outcome.ok) redirectIfUnlicensed(outcome.error);
      });
    },
    [dispatch, redirectIfUnlicensed],
  );
  /** The user gives up on a failed log: it leaves the device's outbox too. */
  const dismiss = useCallback(
    (key: string) => {
      void discardCapture(key);
      dispatch(dismissed(key));
    },
    [dispatch],
  );
  const sending = useCallback(
    (behaviorId: string) =>
      state.logs.filter((entry) => entry.behaviorId === behaviorId && entry.status === 'sending').length,
    [state],
  );

  return { log, retry, dismiss, failures, sending };
}
