/**
 * How the detailed views change when a therapist taps, before the server answers (spec: "taps feel instant").
 * Pure functions that change a view in place: RTK Query's `updateQueryData` hands them an Immer draft, the
 * tests plain objects. Each returns whether it changed anything.
 */
import type {
  EvaluatedItem,
  Evaluation,
  EvaluationResult,
  ItemStatus,
  PlanDetailedView,
  SubPlanDetailedView,
} from '@aba/contracts/api';
import { isSince } from '@aba/web-kit/capture';

/** A view with items: the plan's (items in its sub-plans) or the sub-plan's. */
export type DetailView = PlanDetailedView | SubPlanDetailedView;

export function itemsOf(view: DetailView): EvaluatedItem[] {
  return 'sub_plans' in view ? view.sub_plans.flatMap((subPlan) => subPlan.items) : view.items;
}

const OPTIMISTIC_PREFIX = 'optimistic-';
let sequence = 0;

/** Whether an evaluation is a placeholder not yet confirmed by the server. */
export const isOptimistic = (evaluation: Pick<Evaluation, 'id'>): boolean =>
  evaluation.id.startsWith(OPTIMISTIC_PREFIX);

/** The placeholder shown at once for a tap; replaced by the server's evaluation when it answers. */
export function optimisticEvaluation(input: {
  itemId: string;
  result: EvaluationResult;
  planId?: string | null;
  user?: { id: string; first_name: string; last_name: string } | null;
  now?: Date;
}): Evaluation {
  sequence += 1;
  return {
    id: `${OPTIMISTIC_PREFIX}${sequence}`,
    result: input.result,
    date: (input.now ?? new Date()).toISOString(),
    user_id: input.user?.id ?? '',
    user_first_name: input.user?.first_name ?? '',
    user_last_name: input.user?.last_name ?? '',
    item_id: input.itemId,
    plan_id: input.planId ?? null,
  };
}

/** Changes an item's count of evaluations since the view's `since` (when it has one) by `by`. */
function countSince(
  item: EvaluatedItem,
  evaluation: Evaluation,
  since: string | null | undefined,
  by: 1 | -1,
) {
  if (since && item.evaluations_since !== undefined && isSince(evaluation.date, since))
    item.evaluations_since = Math.max(0, item.evaluations_since + by);
}

/**
 * Puts `evaluation` first in its item's latest evaluations, keeping at most `limit`; a view that counts the item's
 * evaluations since an instant (`since`, the plan view's today) counts it too.
 */
export function addEvaluation(
  view: DetailView,
  evaluation: Evaluation,
  limit: number,
  since?: string | null,
): boolean {
  const item = itemsOf(view).find((candidate) => candidate.id === evaluation.item_id);
  if (!item) return false;
  item.evaluations.unshift(evaluation);
  if (item.evaluations.length > limit) item.evaluations.length = limit;
  countSince(item, evaluation, since, 1);
  return true;
}

/** Swaps the placeholder `placeholderId` for the server's evaluation. */
export function confirmEvaluation(view: DetailView, placeholderId: string, evaluation: Evaluation): boolean {
  for (const item of itemsOf(view)) {
    const index = item.evaluations.findIndex((candidate) => candidate.id === placeholderId);
    if (index >= 0) {
      item.evaluations[index] = evaluation;
      return true;
    }
  }
  return false;
}

/** Takes an evaluation out of its item's latest ones (and out of the count since `since`). */
export function removeEvaluation(view: DetailView, evaluationId: string, since?: string | null): boolean {
  for (const item of itemsOf(view)) {
    const index = item.evaluations.findIndex((candidate) => candidate.id === evaluationId);
    if (index >= 0) {
      const [removed] = item.evaluations.splice(index, 1);
      countSince(item, removed, since, -1);
      return true;
    }
  }
  return false;
}

/** The redo: an evaluation's result corrected in place (its date, author and place stay). */
export function setEvaluationResult(
  view: DetailView,
  evaluationId: string,
  result: EvaluationResult,
): boolean {
  for (const item of itemsOf(view)) {
    const evaluation = item.evaluations.find((candidate) => candidate.id === evaluationId);
    if (evaluation) {
      evaluation.result = result;
      return true;
    }
  }
  return false;
}

/**
 * An item's new status. In a view filtered on another status the item leaves it (spec §4: "after a change the
 * item disappears from the current filtered view"); otherwise its status changes in place.
 */
export function setItemStatus(
  view: DetailView,
  itemId: string,
  status: ItemStatus,
  filter?: ItemStatus | null,
): boolean {
  const lists = 'sub_plans' in view ? view.sub_plans.map((subPlan) => subPlan.items) : [view.items];
  for (const items of lists) {
    const index = items.findIndex((item) => item.id === itemId);
    if (index < 0) continue;
    if (filter && filter !== status) items.splice(index, 1);
    else items[index].status = status;
    return true;
  }
  return false;
}

export function removeItem(view: DetailView, itemId: string): boolean {
  return setItemStatus(view, itemId, 'FINISHED', '__gone__' as ItemStatus);
}
