import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import type { DeviceCapture } from '@aba/web-kit/capture';

/**
 * What an item's row says after something was done to it (issue 13, points 1–3, 10), one message per item, the
 * newest replacing the last:
 * - `recorded` / `corrected`: an answer saved, or the last answer corrected in place; both offer Undo for a while;
 * - `done`: what an Undo or a delete did, said briefly;
 * - `unsaved`: an answer the server did not save: it stays, says so, and offers Retry until retried or discarded (a
 *   retry sends it with its own id and capture time again: one trial, even if the server got it the first time);
 * - `failed`: another action that did not happen (delete, status, an Undo), with Retry.
 */
export type Feedback =
  | { kind: 'recorded'; evaluation: Evaluation }
  | { kind: 'corrected'; evaluation: Evaluation; previous: EvaluationResult }
  | { kind: 'done'; message: Message }
  | { kind: 'unsaved'; result: EvaluationResult; capture: DeviceCapture; error: unknown; attempts: number }
  | { kind: 'failed'; message: Message; error: unknown; retry: () => void; attempts: number };

/** A translation key of the `plans` namespace and its values. */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** A message with its number: a newer message of the same item has a larger one (timers and focus follow it). */
export type FeedbackEntry = Feedback & { serial: number };
export type FeedbackState = Readonly<Record<string, FeedbackEntry>>;

export type FeedbackAction =
  | { type: 'show'; itemId: string; feedback: Feedback; serial: number }
  /** Clears the item's message, or only message `serial` when given (a timer must not clear a newer one). */
  | { type: 'clear'; itemId: string; serial?: number };

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'show':
      return { ...state, [action.itemId]: { ...action.feedback, serial: action.serial } };
    case 'clear': {
      const current = state[action.itemId];
      if (!current || (action.serial !== undefined && current.serial !== action.serial)) return state;
      const { [action.itemId]: _cleared, ...rest } = state;
      return rest;
    }
  }
}

/** Messages that go away by themselves (after the Undo window); the others stay until acted on. */
export const isTransient = (feedback: Feedback): boolean =>
  feedback.kind === 'recorded' || feedback.kind === 'corrected' || feedback.kind === 'done';

/** How many failures an unsaved answer or a failed action has had (its message takes the focus again on each). */
export const attemptsOf = (entry: FeedbackEntry | undefined): number =>
  entry && (entry.kind === 'unsaved' || entry.kind === 'failed') ? entry.attempts : 0;

/** A tap on an item's Yes/No this soon after the last one it took is the same tap (a double tap), not a new trial. */
export const DOUBLE_TAP_MS = 300;

/** Whether a tap at `now` counts: the item's previous accepted tap (if any) was at least `DOUBLE_TAP_MS` before. */
export const tapCounts = (previous: number | undefined, now: number): boolean =>
  previous === undefined || now - previous >= DOUBLE_TAP_MS;
