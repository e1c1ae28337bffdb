import { baseApi, childPath } from '@aba/web-kit';

/**
 * Cache tags of this remote, in one place, so that one feature's change refreshes another's data without
 * importing it:
 * - `Plan` / `SubPlan`: a child's list (id `LIST-<childId>`) and one plan (its id);
 * - `PlanDetail` / `SubPlanDetail`: detailed views (id: the plan's id; every view also `ANY`);
 * - `ItemHistory` (id: item id), `ChildEvaluations` (id: child id) for the dashboard chart;
 * - `ItemProgress` (id: item id): an item's progress page, read again after its trials or status change;
 * - `MasteryLive` (id: plan id; every one also `ANY`): what a plan's scoring screens count live, read again likewise.
 * - `MasteryCriterion` (id: `child-…`, `sub-plan-…` or `item-…`): a level's criterion; a change at one level may change
 *   what every level below inherits, so a save refreshes them all;
 * - `MasterySuggestion` (id: child id): a child's changes waiting for confirmation;
 * - `ChildSession` (id: child id): the shell's session bar and list. A trial may open or join a session, so it refreshes
 *   them; a session started or ended there refreshes the live counts, which count the caller's session.
 */
export const PLANS_TAG_TYPES = [
  'Plan',
  'SubPlan',
  'PlanDetail',
  'SubPlanDetail',
  'ItemHistory',
  'ChildEvaluations',
  'ItemProgress',
  'MasteryLive',
  'MasteryCriterion',
  'MasterySuggestion',
  'ChildSession',
] as const;

export const plansBaseApi = baseApi.enhanceEndpoints({ addTagTypes: PLANS_TAG_TYPES });

/** Every plan's live counts (any item's trials or status may be in several plans). */
export const ANY_LIVE = { type: 'MasteryLive', id: 'ANY' } as const;

export type PlanKind = 'plan' | 'sub-plan';

export const listTag = (kind: PlanKind, childId: string) =>
  ({ type: kind === 'plan' ? 'Plan' : 'SubPlan', id: `LIST-${childId}` }) as const;
export const planTag = (kind: PlanKind, id: string) =>
  ({ type: kind === 'plan' ? 'Plan' : 'SubPlan', id }) as const;
export const detailTag = (kind: PlanKind, id: string) =>
  ({ type: kind === 'plan' ? 'PlanDetail' : 'SubPlanDetail', id }) as const;
export const ANY_DETAIL = [
  { type: 'PlanDetail', id: 'ANY' },
  { type: 'SubPlanDetail', id: 'ANY' },
] as const;

const enc = encodeURIComponent;
/** `api/child/{id}/plan` or `api/child/{id}/sub-plan`. */
export const kindPath = (kind: PlanKind, childId: string) => `${childPath(childId)}/${kind}`;
/** `api/plan/{id}` or `api/sub-plan/{id}`. */
export const objectPath = (kind: PlanKind, id: string) => `api/${kind}/${enc(id)}`;
export const itemPath = (itemId: string) => `api/sub-plan-item/${enc(itemId)}`;
