import type { Evaluation, EvaluationResult, MasteryOutcome } from '@aba/contracts/api';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  attemptsOf,
  feedbackReducer,
  isTransient,
  tapCounts,
  type Feedback,
  type FeedbackState,
  type Message,
} from './item-feedback.js';
import { useEvaluationWrites } from './use-evaluation-writes.js';
import { captureNow, type DeviceCapture } from '@aba/web-kit/capture';
import {
  discardCapture,
  listenForSentCaptures,
  listenForSetAsideCaptures,
  refusalOf,
} from '@aba/web-kit/outbox';
import { useAppDispatch } from '@aba/web-kit';
import { sentLaterTags } from './api/detail-cache.js';
import { plansBaseApi } from './tags.js';

/** How long what was recorded (or corrected) stays on screen with its Undo. */
export const UNDO_MS = 6000;

export interface ItemTrialsOptions {
  /** Through the plan path (the evaluation remembers the plan). */
  planId?: string;
  /** Called after an Undo took an answer back (the evaluate flow asks that item again). */
  onAnswerUndone?: (itemId: string) => void;
  /** Called when the mastery rule moved an item on, or proposed to, after one of its trials. */
  onMasteryOutcome?: (itemId: string, outcome: NonNullable<MasteryOutcome>) => void;
}

/**
 * The trials of a page's items and what each item's row says about them (issue 13, points 1–3): an answer is
 * recorded at once (optimistic) and then shown with Undo; one the server refused stays as "NOT saved" with Retry
 * (never dropped silently); the redo corrects the last answer in place, with Undo (set it back); a delete or another
 * action that fails says so in the item's row, with Retry. A second tap on an item within `DOUBLE_TAP_MS` is ignored.
 */
export function useItemTrials(childId: string, options: ItemTrialsOptions = {}) {
  const { planId, onAnswerUndone, onMasteryOutcome } = options;
  const writes = useEvaluationWrites(childId, planId);
  const store = useAppDispatch();
  const [feedback, dispatch] = useReducer(feedbackReducer, {} as FeedbackState);
  const latest = useRef(feedback);
  latest.current = feedback;
  const serial = useRef(0);
  const lastTap = useRef(new Map<string, number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const undone = useRef(onAnswerUndone);
  undone.current = onAnswerUndone;
  const ruled = useRef(onMasteryOutcome);
  ruled.current = onMasteryOutcome;

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const show = useCallback((itemId: string, shown: Feedback) => {
    serial.current += 1;
    const number = serial.current;
    dispatch({ type: 'show', itemId, feedback: shown, serial: number });
    if (isTransient(shown)) {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dispatch({ type: 'clear', itemId, serial: number });
      }, UNDO_MS);
      timers.current.add(timer);
    }
  }, []);

  // An answer kept on the device that the outbox sent later: its message says it arrived, and the views read it.
  useEffect(
    () =>
      listenForSentCaptures((ids) => {
        for (const [itemId, entry] of Object.entries(latest.current)) {
          if (entry.kind !== 'unsaved' || !ids.includes(entry.capture.id)) continue;
          show(itemId, {
            kind: 'done',
            message: { key: 'feedback.sentLater', values: { result: entry.result } },
          });
          store(plansBaseApi.util.invalidateTags(sentLaterTags({ itemId, childId })));
        }
      }),
    [show, store, childId],
  );

  // One the server refused later, when the outbox sent it: its message says it was NOT saved and why, with Retry.
  useEffect(
    () =>
      listenForSetAsideCaptures((captures) => {
        for (const [itemId, entry] of Object.entries(latest.current)) {
          const refused = entry.kind === 'unsaved' && captures.find(({ id }) => id === entry.capture.id);
          if (!refused) continue;
          show(itemId, { ...entry, error: refusalOf(refused) });
        }
      }),
    [show],
  );

  const fail = useCallback(
    (itemId: string, message: Message, error: unknown, retry: () => void) =>
      show(itemId, {
        kind: 'failed',
        message,
        error,
        retry,
        attempts: attemptsOf(latest.current[itemId]) + 1,
      }),
    [show],
  );

  const note = useCallback(
    (itemId: string, message: Message) => show(itemId, { kind: 'done', message }),
    [show],
  );

  /**
   * Records an answer made now, or an unsaved one again (`capture`: its id and time); resolves to whether the server
   * saved it (the evaluate flow advances only then).
   */
  const record = useCallback(
    async (
      itemId: string,
      result: EvaluationResult,
      capture: DeviceCapture = captureNow(),
    ): Promise<Evaluation | null> => {
      const outcome = await writes.record(itemId, result, capture);
      if (outcome.ok) {
        const { evaluation, mastery } = outcome.value;
        show(itemId, { kind: 'recorded', evaluation });
        if (mastery) ruled.current?.(itemId, mastery);
        return evaluation;
      }
      const previous = latest.current[itemId];
      const attempts = previous?.kind === 'unsaved' ? previous.attempts + 1 : 1;
      show(itemId, { kind: 'unsaved', result, capture, error: outcome.error, attempts });
      return null;
    },
    [writes, show],
  );

  /** A tap on Yes or No: ignored when it doubles the item's previous tap; resolves to the saved evaluation, if any. */
  const answer = useCallback(
    async (itemId: string, result: EvaluationResult): Promise<Evaluation | null> => {
      const now = Date.now();
      if (!tapCounts(lastTap.current.get(itemId), now)) return null;
      lastTap.current.set(itemId, now);
      return record(itemId, result);
    },
    [record],
  );

  /** The redo: the last answer corrected in place. */
  const correct = useCallback(
    async (evaluation: Evaluation, result: EvaluationResult): Promise<void> => {
      if (evaluation.result === result) return;
      const outcome = await writes.correct(evaluation, result);
      if (outcome.ok) {
        show(evaluation.item_id, {
          kind: 'corrected',
          evaluation: outcome.value.evaluation,
          previous: evaluation.result,
        });
        if (outcome.value.mastery) ruled.current?.(evaluation.item_id, outcome.value.mastery);
      } else
        fail(
          evaluation.item_id,
          { key: 'feedback.correctFailed', values: { result } },
          outcome.error,
          () => void correct(evaluation, result),
        );
    },
    [writes, show, fail],
  );

  const deleteEvaluation = useCallback(
    async (evaluation: Evaluation): Promise<void> => {
      const outcome = await writes.deleteEvaluation(evaluation);
      if (outcome.ok) note(evaluation.item_id, { key: 'feedback.evaluationDeleted' });
      else
        fail(
          evaluation.item_id,
          { key: 'feedback.deleteFailed' },
          outcome.error,
          () => void deleteEvaluation(evaluation),
        );
    },
    [writes, note, fail],
  );

  /** Takes back what a message offered to undo: deletes the answer it recorded, or sets its correction back. */
  const takeBack = useCallback(
    async (itemId: string, entry: Feedback): Promise<void> => {
      if (entry.kind !== 'recorded' && entry.kind !== 'corrected') return;
      const outcome =
        entry.kind === 'recorded'
          ? await writes.deleteEvaluation(entry.evaluation)
          : await writes.correct(entry.evaluation, entry.previous);
      if (!outcome.ok) {
        fail(itemId, { key: 'feedback.undoFailed' }, outcome.error, () => void takeBack(itemId, entry));
      } else if (entry.kind === 'recorded') {
        note(itemId, { key: 'feedback.answerDeleted', values: { result: entry.evaluation.result } });
        undone.current?.(itemId);
      } else {
        note(itemId, { key: 'feedback.correctionUndone', values: { result: entry.previous } });
      }
    },
    [writes, note, fail],
  );

  /** Undo of the item's message (an answer just recorded, or a correction). */
  const undo = useCallback(
    (itemId: string) => {
      const entry = latest.current[itemId];
      if (entry) void takeBack(itemId, entry);
    },
    [takeBack],
  );

  /** Retry of an unsaved answer (sent again) or of a failed action. */
  const retry = useCallback(
    (itemId: string) => {
      const entry = latest.current[itemId];
      if (entry?.kind === 'unsaved') void record(itemId, entry.result, entry.capture);
      else if (entry?.kind === 'failed') entry.retry();
    },
    [record],
  );

  /** Clears the item's message; an unsaved answer is discarded, from the device's outbox too. */
  const dismiss = useCallback((itemId: string) => {
    const entry = latest.current[itemId];
    if (entry?.kind === 'unsaved') void discardCapture(entry.capture.id);
    dispatch({ type: 'clear', itemId });
  }, []);

  return { feedback, answer, record, correct, deleteEvaluation, undo, retry, dismiss, fail, note };
}
