import type { CriterionSource, ItemStatus, MasteryCriterion, StepRule } from '@aba/contracts/api';

/**
 * The criterion in effect for an item: the item's own, else its sub-plan's, else the child's, else the platform's.
 */

/**
 * The platform's default: IN_LEARNING → IN_GENERALIZATION at ≥ 80 % with ≥ 5 trials in 3 qualifying sessions in a row
 * (anyone), IN_GENERALIZATION → FINISHED the same in 2 sessions run by at least 2 different people; both applied
 * automatically. Parents' data is shown but not counted.
 */
export const PLATFORM_CRITERION: MasteryCriterion = Object.freeze({
  to_generalization: Object.freeze({
    threshold_pct: 80,
    min_trials: 5,
    consecutive_sessions: 3,
    scoring: 'ALL_TRIALS',
    min_people: 1,
    mode: 'AUTO',
  }),
  to_finished: Object.freeze({
    threshold_pct: 80,
    min_trials: 5,
    consecutive_sessions: 2,
    scoring: 'ALL_TRIALS',
    min_people: 2,
    mode: 'AUTO',
  }),
  counted_roles: Object.freeze(['THERAPIST', 'COORDINATOR']) as MasteryCriterion['counted_roles'],
}) as MasteryCriterion;

/** The overrides set at each level (absent or null: none). */
export interface CriterionLevels {
  item?: MasteryCriterion | null;
  sub_plan?: MasteryCriterion | null;
  child?: MasteryCriterion | null;
}

/** The first criterion present of item, sub-plan, child, else the platform's; and where it comes from. */
export function resolveCriterion(levels: CriterionLevels): {
  criterion: MasteryCriterion;
  source: CriterionSource;
} {
  if (levels.item) return { criterion: levels.item, source: 'ITEM' };
  if (levels.sub_plan) return { criterion: levels.sub_plan, source: 'SUB_PLAN' };
  if (levels.child) return { criterion: levels.child, source: 'CHILD' };
  return { criterion: PLATFORM_CRITERION, source: 'PLATFORM' };
}

/** The rule that moves an item on from `status`; null for FINISHED (nothing follows it). */
export function ruleFor(status: ItemStatus, criterion: MasteryCriterion): StepRule | null {
  if (status === 'IN_LEARNING') return criterion.to_generalization;
  if (status === 'IN_GENERALIZATION') return criterion.to_finished;
  return null;
}

/** The status an item moves on to from `status`; null for FINISHED. */
export function nextStatus(status: ItemStatus): ItemStatus | null {
  if (status === 'IN_LEARNING') return 'IN_GENERALIZATION';
  if (status === 'IN_GENERALIZATION') return 'FINISHED';
  return null;
}
