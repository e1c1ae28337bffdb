import { PlanLimits, type EvaluationResponse, type ItemStatus } from '@aba/contracts/api';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { itemsOf, type DetailView } from '../optimistic.js';
import { ANY_DETAIL, ANY_LIVE } from '../tags.js';
import { planDetailApi } from './get-plan-detail.js';
import { subPlanDetailApi } from './get-sub-plan-detail.js';

// The store's state type is the shell's; RTK Query's `onQueryStarted` hands this dispatch over.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Dispatch = ThunkDispatch<any, any, UnknownAction>;

export interface CachedView {
  view: DetailView;
  /** How many evaluations per item the view keeps (5 for a plan, 100 for a sub-plan). */
  limit: number;
  /** The plan view's item filter, if any. */
  filter: ItemStatus | null;
  /** The instant from which the view counts each item's evaluations (the plan view's today), if any. */
  since: string | null;
}

export interface Patch {
  undo(): void;
}

/**
 * Applies `recipe` to every cached detailed view (the plan's under each filter, and the sub-plan's), as one
 * optimistic change; returns the patches to undo it.
 */
export function patchDetailViews(
  dispatch: Dispatch,
  getState: () => unknown,
  recipe: (cached: CachedView) => void,
): Patch[] {
  const state = getState() as Parameters<typeof planDetailApi.util.selectCachedArgsForQuery>[0];
  const patches: Patch[] = [];
  for (const args of planDetailApi.util.selectCachedArgsForQuery(state, 'planDetail')) {
    patches.push(
      dispatch(
        planDetailApi.util.updateQueryData('planDetail', args, (draft) =>
          recipe({
            view: draft,
            limit: PlanLimits.lastEvaluationsInPlan,
            filter: args.itemsStatus ?? null,
            since: args.since ?? null,
          }),
        ),
      ),
    );
  }
  for (const args of subPlanDetailApi.util.selectCachedArgsForQuery(state, 'subPlanDetail')) {
    patches.push(
      dispatch(
        subPlanDetailApi.util.updateQueryData('subPlanDetail', args, (draft) =>
          recipe({ view: draft, limit: PlanLimits.lastEvaluationsInSubPlan, filter: null, since: null }),
        ),
      ),
    );
  }
  return patches;
}

/** The item's description as a cached detailed view has it, if one has it. */
export function cachedItemDescription(getState: () => unknown, itemId: string): string | undefined {
  const state = getState() as Parameters<typeof planDetailApi.util.selectCachedArgsForQuery>[0];
  const views = [
    ...planDetailApi.util
      .selectCachedArgsForQuery(state, 'planDetail')
      .map((args) => planDetailApi.endpoints.planDetail.select(args)(state).data),
    ...subPlanDetailApi.util
      .selectCachedArgsForQuery(state, 'subPlanDetail')
      .map((args) => subPlanDetailApi.endpoints.subPlanDetail.select(args)(state).data),
  ];
  for (const view of views) {
    const item = view && itemsOf(view).find((candidate) => candidate.id === itemId);
    if (item) return item.description;
  }
  return undefined;
}

/**
 * After an evaluation is added, corrected or deleted, the item's history, the child's chart, the item's progress, the
 * plans' live counts and the child's sessions (the shell's bar: a trial may have opened one) are read again.
 */
export function evaluationChangedTags(
  _result: unknown,
  error: unknown,
  { itemId, childId }: { itemId: string; childId: string },
) {
  return error
    ? []
    : [
        { type: 'ItemHistory' as const, id: itemId },
        { type: 'ChildEvaluations' as const, id: childId },
        { type: 'ItemProgress' as const, id: itemId },
        ANY_LIVE,
        { type: 'ChildSession' as const, id: childId },
      ];
}

/** A trial the device's outbox sent later (its placeholder had gone): every view of the child reads it again. */
export const sentLaterTags = (args: { itemId: string; childId: string }) => [
  ...evaluationChangedTags(undefined, undefined, args),
  ...ANY_DETAIL,
];

/**
 * After a trial the mastery rule acted on, what else is read again: every detailed view when it moved the item on
 * (its status shows there), the child's "to confirm" list when it proposed the move.
 */
export function trialOutcomeTags(
  response: EvaluationResponse | undefined,
  error: unknown,
  args: { itemId: string; childId: string },
) {
  const outcome = response?.mastery;
  const more =
    outcome?.mode === 'AUTO'
      ? ANY_DETAIL
      : outcome?.mode === 'CONFIRM'
        ? [{ type: 'MasterySuggestion' as const, id: args.childId }]
        : [];
  return [...evaluationChangedTags(response, error, args), ...more];
}
