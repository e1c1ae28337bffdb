import {
  currentItem,
  evaluableItems,
  FLOW_END_INDEX,
  flowLength,
  flowReducer,
  shuffle,
  startFlow,
  type FlowItem,
} from './evaluate-flow.js';

const items = (n: number): FlowItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${i}`, description: `Item ${i}` }));

/** A deterministic source of "random" numbers. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

describe('evaluate flow (spec §4, §9)', () => {
  it('shuffles the items (a permutation, in an order given by the random source)', () => {
    const list = items(5);
    const shuffled = shuffle(list, sequence(0, 0, 0, 0));
    expect(shuffled.map((i) => i.id).sort()).toEqual(list.map((i) => i.id));
    expect(shuffled.map((i) => i.id)).toEqual(['i1', 'i2', 'i3', 'i4', 'i0']);
    expect(shuffle(list, sequence(0.999)).map((i) => i.id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    expect(list.map((i) => i.id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
  });

  it('starts a random order with the first item on screen', () => {
    const state = startFlow(items(3), sequence(0.5));
    expect(state.index).toBe(0);
    expect(state.completed).toBe(false);
    expect(currentItem(state)).toBe(state.items[0]);
  });

  it('advances after each answer and ends after the last item', () => {
    let state = startFlow(items(3), sequence(0.1, 0.7));
    const order = state.items.map((i) => i.id);
    state = flowReducer(state, { type: 'answer', result: 'YES' });
    expect(currentItem(state)?.id).toBe(order[1]);
    state = flowReducer(state, { type: 'answer', result: 'NO' });
    expect(state.completed).toBe(false);
    state = flowReducer(state, { type: 'answer', result: 'YES' });
    expect(state.completed).toBe(true);
    expect(currentItem(state)).toBeNull();
    expect(state.answers).toEqual([
      { itemId: order[0], result: 'YES' },
      { itemId: order[1], result: 'NO' },
      { itemId: order[2], result: 'YES' },
    ]);
    // answers after the end change nothing
    expect(flowReducer(state, { type: 'answer', result: 'NO' })).toBe(state);
  });

  it('ends when the index reaches 6, however many items there are', () => {
    expect(FLOW_END_INDEX).toBe(6);
    let state = startFlow(items(10));
    for (let i = 0; i < 5; i++) state = flowReducer(state, { type: 'answer', result: 'YES' });
    expect(state.completed).toBe(false);
    state = flowReducer(state, { type: 'answer', result: 'NO' });
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
