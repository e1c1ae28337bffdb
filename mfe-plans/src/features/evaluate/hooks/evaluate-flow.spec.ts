import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import {
  canAnswer,
  currentItem,
  evaluableItems,
  FLOW_END_INDEX,
  flowLength,
  flowReducer,
  flowSummary,
  SETTLE_MS,
  shuffle,
  startFlow,
  type FlowItem,
  type FlowState,
} from './evaluate-flow.js';

const items = (n: number): FlowItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${i}`, description: `Item ${i}` }));

/** A deterministic source of "random" numbers. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

const evaluation = (id: string, result: EvaluationResult): Evaluation => ({
  id,
  result,
  date: '2026-11-24T10:00:00Z',
  user_id: 'u',
  user_first_name: 'A',
  user_last_name: 'B',
  item_id: 'x',
  plan_id: 'p',
});

/** Answers the item on screen at `now` and has the server save it. */
function answerAndSave(state: FlowState, result: EvaluationResult, now: number, id = `e${now}`): FlowState {
  const asked = flowReducer(state, { type: 'answer', result, now });
  return flowReducer(asked, { type: 'saved', evaluation: evaluation(id, result), now });
}

describe('evaluate flow (spec §4, §9; issue 13)', () => {
  it('shuffles the items (a permutation, in an order given by the random source)', () => {
    const list = items(5);
    const shuffled = shuffle(list, sequence(0, 0, 0, 0));
    expect(shuffled.map((i) => i.id).sort()).toEqual(list.map((i) => i.id));
    expect(shuffled.map((i) => i.id)).toEqual(['i1', 'i2', 'i3', 'i4', 'i0']);
    expect(shuffle(list, sequence(0.999)).map((i) => i.id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    expect(list.map((i) => i.id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
  });

  it('starts a random order with the first item on screen', () => {
    const state = startFlow(items(3), sequence(0.5), 0);
    expect(state.index).toBe(0);
    expect(state.completed).toBe(false);
    expect(currentItem(state)).toBe(state.items[0]);
  });

  it('advances only after the server saved the answer, and ends after the last item', () => {
    let state = startFlow(items(3), sequence(0.1, 0.7), 0);
    const order = state.items.map((i) => i.id);
    state = flowReducer(state, { type: 'answer', result: 'YES', now: 1000 });
    expect(state.saving).toBe('YES');
    expect(currentItem(state)?.id).toBe(order[0]);
    state = flowReducer(state, { type: 'saved', evaluation: evaluation('e1', 'YES'), now: 1010 });
    expect(currentItem(state)?.id).toBe(order[1]);
    state = answerAndSave(state, 'NO', 2000, 'e2');
    expect(state.completed).toBe(false);
    state = answerAndSave(state, 'YES', 3000, 'e3');
    expect(state.completed).toBe(true);
    expect(currentItem(state)).toBeNull();
    expect(state.answers).toEqual([
      { itemId: order[0], result: 'YES', evaluationId: 'e1' },
      { itemId: order[1], result: 'NO', evaluationId: 'e2' },
      { itemId: order[2], result: 'YES', evaluationId: 'e3' },
    ]);
    expect(flowSummary(state)).toEqual({ yes: 2, no: 1 });
    // answers after the end change nothing
    expect(flowReducer(state, { type: 'answer', result: 'NO', now: 9000 })).toBe(state);
  });

  it('keeps an unsaved answer’s item on screen, never completing past it', () => {
    let state = startFlow(items(1), Math.random, 0);
    state = flowReducer(state, { type: 'answer', result: 'NO', now: 1000 });
    state = flowReducer(state, { type: 'unsaved' });
    expect(state.saving).toBeNull();
    expect(state.completed).toBe(false);
    expect(currentItem(state)?.id).toBe('i0');
    expect(state.answers).toEqual([]);
    // answered again (Retry), it is saved and the flow ends
    state = answerAndSave(state, 'NO', 2000);
    expect(state.completed).toBe(true);
  });

  it('ignores a tap while the answer is saved, and taps on an item on screen for less than 300 ms', () => {
    expect(SETTLE_MS).toBe(300);
    let state = startFlow(items(3), sequence(0.4), 0);
    state = flowReducer(state, { type: 'answer', result: 'YES', now: 1000 });
    expect(flowReducer(state, { type: 'answer', result: 'NO', now: 1050 })).toBe(state);
    state = flowReducer(state, { type: 'saved', evaluation: evaluation('e1', 'YES'), now: 1060 });
    // the second tap of a double tap, 120 ms after the first: the new item has been there 60 ms
    expect(canAnswer(state, 1120)).toBe(false);
    expect(flowReducer(state, { type: 'answer', result: 'YES', now: 1120 })).toBe(state);
    expect(canAnswer(state, 1060 + SETTLE_MS)).toBe(true);
    expect(startFlow(items(1), Math.random, 500).shownAt).toBe(500);
  });

  it('Undo takes the last answer back and asks its item again', () => {
    let state = startFlow(items(2), sequence(0.3), 0);
    const first = state.items[0].id;
    state = answerAndSave(state, 'YES', 1000);
    state = answerAndSave(state, 'NO', 2000);
    expect(state.completed).toBe(true);
    const second = state.items[1].id;
    // only the last answer can be undone
    expect(flowReducer(state, { type: 'undone', itemId: first, now: 3000 })).toBe(state);
    state = flowReducer(state, { type: 'undone', itemId: second, now: 3000 });
    expect(state.completed).toBe(false);
    expect(currentItem(state)?.id).toBe(second);
    expect(state.answers.map((a) => a.itemId)).toEqual([first]);
    expect(state.shownAt).toBe(3000);
  });

  it('ends when the index reaches 6, however many items there are', () => {
    expect(FLOW_END_INDEX).toBe(6);
    let state = startFlow(items(10), Math.random, 0);
    for (let i = 1; i <= 5; i++) state = answerAndSave(state, 'YES', i * 1000);
    expect(state.completed).toBe(false);
    state = answerAndSave(state, 'NO', 6000);
    expect(state.index).toBe(6);
    expect(state.completed).toBe(true);
    expect(state.answers).toHaveLength(6);
    expect(flowLength(10)).toBe(6);
    expect(flowLength(4)).toBe(4);
  });

  it('is completed at once with nothing to evaluate', () => {
    const state = startFlow([]);
    expect(state.completed).toBe(true);
    expect(currentItem(state)).toBeNull();
  });

  it('asks every item but the finished ones and counts those left out (ADR 0011)', () => {
    const plan = [
      { id: 'a', description: 'Contact vizual', status: 'IN_LEARNING' as const },
      { id: 'b', description: 'Cere apă', status: 'FINISHED' as const },
      { id: 'c', description: 'Imită gesturi', status: 'IN_GENERALIZATION' as const },
      { id: 'd', description: 'Răspunde la nume', status: 'FINISHED' as const },
    ];
    expect(evaluableItems(plan)).toEqual({ items: [plan[0], plan[2]], finished: 2 });
    expect(evaluableItems(plan.slice(0, 1))).toEqual({ items: [plan[0]], finished: 0 });
    // Only finished items: nothing to ask, and all of them were left out.
    const onlyFinished = evaluableItems([plan[1], plan[3]]);
    expect(onlyFinished).toEqual({ items: [], finished: 2 });
    expect(startFlow(onlyFinished.items).completed).toBe(true);
  });
});
