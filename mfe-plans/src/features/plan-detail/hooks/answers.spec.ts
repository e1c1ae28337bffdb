import type { Evaluation } from '@aba/contracts/api';
import { answersReducer, type Answers } from './answers.js';

const evaluation = (id: string, result: 'YES' | 'NO'): Evaluation => ({
  id,
  result,
  date: '2026-11-24T10:00:00Z',
  user_id: 'u',
  user_first_name: 'A',
  user_last_name: 'B',
  item_id: 'i',
  plan_id: 'p',
});

describe('answers in the plan view (evaluate, redo)', () => {
  it('shows the answer at once, then the recorded evaluation', () => {
    let state: Answers = {};
    state = answersReducer(state, { type: 'answered', itemId: 'i', result: 'YES' });
    expect(state.i).toEqual({ result: 'YES', evaluation: null });
    state = answersReducer(state, { type: 'recorded', itemId: 'i', evaluation: evaluation('e1', 'YES') });
    expect(state.i.evaluation?.id).toBe('e1');
  });

  it('a refused answer goes back to the previous one (or to Yes/No)', () => {
    const previous = { result: 'YES' as const, evaluation: evaluation('e1', 'YES') };
    let state: Answers = { i: previous };
    state = answersReducer(state, { type: 'answered', itemId: 'i', result: 'NO' });
    state = answersReducer(state, { type: 'refused', itemId: 'i', previous });
    expect(state.i).toBe(previous);
    state = answersReducer(
      { j: { result: 'NO', evaluation: null } },
      { type: 'refused', itemId: 'j', previous: null },
    );
    expect(state).toEqual({});
  });
});
