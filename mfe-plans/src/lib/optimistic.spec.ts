import type { EvaluatedItem, Evaluation, PlanDetailedView, SubPlanDetailedView } from '@aba/contracts/api';
import {
  addEvaluation,
  confirmEvaluation,
  isOptimistic,
  itemsOf,
  optimisticEvaluation,
  removeEvaluation,
  removeItem,
  setEvaluationResult,
  setItemStatus,
} from './optimistic.js';

const plan = {
  id: 'p',
  name: 'P',
  description: 'd',
  status: 'ACTIVE' as const,
  child_id: 'c',
  created_at: '2026-01-01T00:00:00Z',
};
const evaluation = (id: string, itemId: string, result: 'YES' | 'NO' = 'YES'): Evaluation => ({
  id,
  result,
  date: '2026-11-24T10:00:00.000Z',
  user_id: 'u',
  user_first_name: 'Ana',
  user_last_name: 'Pop',
  item_id: itemId,
  plan_id: null,
});
const item = (
  id: string,
  evaluations: Evaluation[] = [],
  status: EvaluatedItem['status'] = 'IN_LEARNING',
): EvaluatedItem => ({
  id,
  description: `Item ${id}`,
  status,
  sub_plan_id: 's1',
  created_at: '2026-01-01T00:00:00Z',
  evaluations,
});
const planView = (): PlanDetailedView => ({
  plan,
  sub_plans: [
    { ...plan, id: 's1', items: [item('a', [evaluation('e1', 'a'), evaluation('e2', 'a')]), item('b')] },
    { ...plan, id: 's2', items: [item('c')] },
  ],
});
const subPlanView = (): SubPlanDetailedView => ({
  sub_plan: plan,
  items: [item('a', [evaluation('e1', 'a')])],
});

describe('optimistic evaluation writes', () => {
  it('makes placeholders that say so, with the author and the plan', () => {
    const placeholder = optimisticEvaluation({
      itemId: 'a',
      result: 'NO',
      planId: 'p',
      user: { id: 'u', first_name: 'Ana', last_name: 'Pop' },
      now: new Date('2026-11-24T10:00:00Z'),
    });
    expect(isOptimistic(placeholder)).toBe(true);
    expect(placeholder).toMatchObject({
      result: 'NO',
      item_id: 'a',
      plan_id: 'p',
      user_first_name: 'Ana',
      date: '2026-11-24T10:00:00.000Z',
    });
    expect(isOptimistic(evaluation('e1', 'a'))).toBe(false);
    expect(optimisticEvaluation({ itemId: 'a', result: 'YES' }).id).not.toBe(placeholder.id);
  });

  it('adds an evaluation first and keeps the last N (5 in the plan view)', () => {
    const view = planView();
    expect(addEvaluation(view, evaluation('new', 'a', 'NO'), 2)).toBe(true);
    expect(view.sub_plans[0].items[0].evaluations.map((e) => e.id)).toEqual(['new', 'e1']);
    expect(addEvaluation(view, evaluation('x', 'c'), 5)).toBe(true);
    expect(view.sub_plans[1].items[0].evaluations.map((e) => e.id)).toEqual(['x']);
    expect(addEvaluation(view, evaluation('y', 'unknown'), 5)).toBe(false);
  });

  it('confirms a placeholder with the server evaluation, and rolls back by removing it', () => {
    const view = subPlanView();
    const placeholder = optimisticEvaluation({ itemId: 'a', result: 'YES' });
    addEvaluation(view, placeholder, 100);
    expect(confirmEvaluation(view, placeholder.id, evaluation('server', 'a'))).toBe(true);
    expect(view.items[0].evaluations.map((e) => e.id)).toEqual(['server', 'e1']);
    expect(removeEvaluation(view, 'server')).toBe(true);
    expect(view.items[0].evaluations.map((e) => e.id)).toEqual(['e1']);
    expect(removeEvaluation(view, 'gone')).toBe(false);
    expect(confirmEvaluation(view, 'gone', evaluation('z', 'a'))).toBe(false);
  });

  it('an item whose status changes leaves a view filtered on another status', () => {
    const filtered = planView();
    expect(setItemStatus(filtered, 'a', 'FINISHED', 'IN_LEARNING')).toBe(true);
    expect(itemsOf(filtered).map((i) => i.id)).toEqual(['b', 'c']);

    const all = planView();
    setItemStatus(all, 'a', 'FINISHED', null);
    expect(itemsOf(all).find((i) => i.id === 'a')?.status).toBe('FINISHED');

    const same = planView();
    setItemStatus(same, 'b', 'IN_LEARNING', 'IN_LEARNING');
    expect(itemsOf(same).map((i) => i.id)).toEqual(['a', 'b', 'c']);

    const sub = subPlanView();
    setItemStatus(sub, 'a', 'IN_GENERALIZATION');
    expect(sub.items[0].status).toBe('IN_GENERALIZATION');
    expect(setItemStatus(sub, 'zzz', 'FINISHED')).toBe(false);
  });

  it('removes a deleted item', () => {
    const view = subPlanView();
    expect(removeItem(view, 'a')).toBe(true);
    expect(view.items).toEqual([]);
  });

  it("keeps the count of today's trials: a new answer counts, a rolled back or deleted one of today does not", () => {
    const view = planView();
    const item = view.sub_plans[0].items[0];
    item.evaluations_since = 2;
    const since = '2026-11-24T00:00:00.000Z';
    expect(
      addEvaluation(view, { ...evaluation('new', 'a'), date: '2026-11-24T12:00:00.000Z' }, 5, since),
    ).toBe(true);
    expect(item.evaluations_since).toBe(3);
    removeEvaluation(view, 'new', since);
    expect(item.evaluations_since).toBe(2);
    // yesterday's evaluation leaves today's count alone; a view without since does not count
    addEvaluation(view, { ...evaluation('old', 'a'), date: '2026-11-23T12:00:00.000Z' }, 5, since);
    removeEvaluation(view, 'old', since);
    addEvaluation(view, evaluation('other', 'a'), 5, null);
    expect(item.evaluations_since).toBe(2);
    // an item of a view that was not asked for a count gets none
    const plain = subPlanView();
    addEvaluation(plain, evaluation('x', 'a'), 100, since);
    expect(plain.items[0].evaluations_since).toBeUndefined();
  });

  it('corrects a result in place (the redo), keeping its place', () => {
    const view = planView();
    expect(setEvaluationResult(view, 'e2', 'NO')).toBe(true);
    expect(view.sub_plans[0].items[0].evaluations.map((e) => [e.id, e.result])).toEqual([
      ['e1', 'YES'],
      ['e2', 'NO'],
    ]);
    expect(setEvaluationResult(view, 'gone', 'NO')).toBe(false);
  });
});
