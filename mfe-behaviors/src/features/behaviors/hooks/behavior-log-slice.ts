import { createSlice, type PayloadAction } from '@aba/web-kit';

/**
 * Behaviour logs on their way to the server, so that a tap is never lost silently: each tap is `sending` until the
 * server confirms it (then it is dropped from here), or `failed` with the error until the user retries or
 * dismisses it. Kept in the store (not in a page), so a failure is still shown after leaving and coming back.
 */
export type PendingLogStatus = 'sending' | 'failed';

export interface PendingLog {
  /** Client key of the tap. */
  key: string;
  childId: string;
  /** Who tapped (the device's outbox keeps the tap under their id). */
  userId?: string;
  behaviorId: string;
  behaviorName: string;
  /** When the tap happened (ISO). */
  at: string;
  status: PendingLogStatus;
  /** How many times it was sent. */
  attempts: number;
  /** The failed call's error (a plain RTK Query error object), while `failed`. */
  error?: unknown;
}

export interface BehaviorLogState {
  logs: PendingLog[];
}

export const initialBehaviorLogState: BehaviorLogState = { logs: [] };

export interface StartedPayload {
  key: string;
  childId: string;
  /** Who tapped (the device's outbox keeps the tap under their id). */
  userId?: string;
  behaviorId: string;
  behaviorName: string;
  at: string;
}

const find = (state: BehaviorLogState, key: string) => state.logs.find((log) => log.key === key);

export const behaviorLogSlice = createSlice({
  name: 'behaviorLog',
  initialState: initialBehaviorLogState,
  reducers: {
    started(state, { payload }: PayloadAction<StartedPayload>) {
      if (find(state, payload.key)) return;
      state.logs.push({ ...payload, status: 'sending', attempts: 1 });
    },
    succeeded(state, { payload: key }: PayloadAction<string>) {
      state.logs = state.logs.filter((log) => log.key !== key);
    },
    failed(state, { payload }: PayloadAction<{ key: string; error: unknown }>) {
      const log = find(state, payload.key);
      if (!log) return;
      log.status = 'failed';
      log.error = payload.error;
    },
    /** Sent again: only a failed log can be retried (a second tap on Retry while sending does nothing). */
    retried(state, { payload: key }: PayloadAction<string>) {
      const log = find(state, key);
      if (!log || log.status !== 'failed') return;
      log.status = 'sending';
      log.attempts += 1;
      delete log.error;
    },
    /** The user gives up on a failed log; one still sending cannot be dismissed. */
    dismissed(state, { payload: key }: PayloadAction<string>) {
      state.logs = state.logs.filter((log) => log.key !== key || log.status !== 'failed');
    },
  },
  selectors: {
    selectLogs: (state) => state.logs,
  },
});

export const { started, succeeded, failed, retried, dismissed } = behaviorLogSlice.actions;

/** The failed logs of a child, oldest first. */
export function failedLogs(state: BehaviorLogState, childId: string): PendingLog[] {
  return state.logs.filter((log) => log.childId === childId && log.status === 'failed');
}

/** How many logs of a behaviour are still on their way. */
export function sendingCount(state: BehaviorLogState, behaviorId: string): number {
  return state.logs.filter((log) => log.behaviorId === behaviorId && log.status === 'sending').length;
}

/** Whether anything is still on its way (leaving the page now could lose it). */
export function anySending(state: BehaviorLogState): boolean {
  return state.logs.some((log) => log.status === 'sending');
}
