import type { Evaluation } from '@aba/contracts/api';
import {
  attemptsOf,
  DOUBLE_TAP_MS,
  feedbackReducer,
  isTransient,
  tapCounts,
  type FeedbackState,
} from './item-feedback.js';

const evaluation: Evaluation = {
  id: 'e1',
  result: 'YES',
  date: '2026-11-24T10:00:00Z',
  user_id: 'u',
  user_first_name: 'A',
  user_last_name: 'B',
  item_id: 'i',
  plan_id: null,
};

const capture = { id: '5f0c7a52-1d3e-4b8a-9c6f-2e7d1a4b3c90', captured_at: '2026-11-26T08:30:00.000Z' };

describe("an item's message", () => {
  it('the newest replaces the last; a timer clears only the message it was set for', () => {
    let state: FeedbackState = {};
    state = feedbackReducer(state, {
      type: 'show',
      itemId: 'i',
      feedback: { kind: 'recorded', evaluation },
      serial: 1,
    });
    state = feedbackReducer(state, {
      type: 'show',
      itemId: 'i',
      feedback: { kind: 'unsaved', result: 'NO', capture, error: 'offline', attempts: 1 },
      serial: 2,
    });
    expect(state.i).toMatchObject({ kind: 'unsaved', serial: 2 });
    // the recorded message's timer runs out: the unsaved answer stays
    expect(feedbackReducer(state, { type: 'clear', itemId: 'i', serial: 1 })).toBe(state);
    expect(feedbackReducer(state, { type: 'clear', itemId: 'i' })).toEqual({});
    expect(feedbackReducer({}, { type: 'clear', itemId: 'x' })).toEqual({});
  });

  it('what was saved goes away by itself; what was not saved stays until acted on', () => {
    expect(isTransient({ kind: 'recorded', evaluation })).toBe(true);
    expect(isTransient({ kind: 'corrected', evaluation, previous: 'NO' })).toBe(true);
    expect(isTransient({ kind: 'done', message: { key: 'feedback.evaluationDeleted' } })).toBe(true);
    expect(isTransient({ kind: 'unsaved', result: 'YES', capture, error: null, attempts: 1 })).toBe(false);
    expect(
      isTransient({
        kind: 'failed',
        message: { key: 'x' },
        error: null,
        retry: () => undefined,
        attempts: 1,
      }),
    ).toBe(false);
    expect(attemptsOf(undefined)).toBe(0);
    expect(attemptsOf({ kind: 'unsaved', result: 'YES', capture, error: null, attempts: 3, serial: 4 })).toBe(
      3,
    );
  });

  it('a second tap within 300 ms is the same tap', () => {
    expect(DOUBLE_TAP_MS).toBe(300);
    expect(tapCounts(undefined, 1000)).toBe(true);
    expect(tapCounts(1000, 1120)).toBe(false);
    expect(tapCounts(1000, 1300)).toBe(true);
  });
});
