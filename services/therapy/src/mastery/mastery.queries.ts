import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type {
  DataRole,
  DecisionEvidence,
  EvaluationResult,
  ItemStatus,
  MasteryCriterion,
  MasteryDecision,
  PhaseChangeMode,
} from '@aba/contracts/api';
import type { SessionTally } from '@aba/mastery';
import { preparedRows, sqlRows, toIso } from '@aba/server-kit';
import { ROLE_OF_USER, RUNNING_SESSION_ID } from '../sessions/sessions.queries.js';
import { VIEW_VERSION_SQL } from '../views/view-version.queries.js';

/** Where a criterion is set: the child's default (neither id), a sub-plan's, an item's. */
export interface CriterionLevel {
  childId: string;
  subPlanId?: string;
  itemId?: string;
}

/** The SQL condition naming one level's row of `mastery_criterion` `mc`, and its parameters. */
function levelCondition(level: CriterionLevel): { sql: string; params: unknown[] } {
  if (level.itemId) return { sql: `mc."item_id" = ?`, params: [level.itemId] };
  if (level.subPlanId) return { sql: `mc."sub_plan_id" = ?`, params: [level.subPlanId] };
  return {
    sql: `mc."child_id" = ? and mc."sub_plan_id" is null and mc."item_id" is null`,
    params: [level.childId],
  };
}

/** A person as the mastery screens name them: "Ana P."; empty when the directory does not know them. */
const PERSON = (alias: string) =>
  `trim(coalesce(${alias}."first_name", '') || ' ' || coalesce(left(${alias}."last_name", 1) || '.', ''))`;

/** The criteria set for item `i` (of sub-plan `sp`), its sub-plan and its child, as `item`, `sub_plan`, `child`. */
const CRITERIA_OF_ITEM = `(select mc."criterion" from "mastery_criterion" mc where mc."item_id" = i."id") as "item",
  (select mc."criterion" from "mastery_criterion" mc where mc."sub_plan_id" = i."sub_plan_id") as "sub_plan",
  (select mc."criterion" from "mastery_criterion" mc
    where mc."child_id" = sp."child_id" and mc."sub_plan_id" is null and mc."item_id" is null) as "child"`;

export interface ChangeRow {
  status: ItemStatus;
  from: string;
  mode: PhaseChangeMode;
  actor: string | null;
  reason: string | null;
}

/** Everything the mastery rule reads about one item of a child, in one statement. */
export interface MasteryFacts {
  itemId: string;
  description: string;
  status: ItemStatus;
  createdAt: string;
  subPlanId: string;
  timeZone: string;
  /** The criteria set at the item, its sub-plan and the child. */
  item: MasteryCriterion | null;
  sub_plan: MasteryCriterion | null;
  child: MasteryCriterion | null;
  changes: ChangeRow[];
  pendingSuggestion: boolean;
  /** The latest rejection of a suggestion in the current phase: the streak counts from then on. */
  streakResetAt: string | null;
  /** The item's trials counted per session and phase, by first capture time. */
  tallies: SessionTally[];
  sessions: { id: string; user_id: string; person: string; role: DataRole }[];
}

/** A tally as `itemFactsSelect` writes it, with its session's person: a JSON array, far cheaper than an object. */
type TallyRow = [
  session_id: string,
  first_at: string,
  last_at: string,
  yes: number,
  trials: number,
  first_result: EvaluationResult,
  user_id: string,
  person: string,
  role: DataRole,
];

/** A row of `itemFactsSelect`: `MasteryFacts` with its tallies as `TallyRow`s, its sessions within them. */
type FactsRow = Omit<MasteryFacts, 'tallies' | 'sessions'> & { tallies: TallyRow[] };

/** The phase (`item_session_tally.phase`) item `i` is in: the number of its status changes. */
const CURRENT_PHASE = `(select count(*) from "item_status_change" h where h."item_id" = i."id")`;

/** The module's order of tallies `t` (by first capture to the millisecond, then session id), `asc` or `desc`. */
const TALLY_ORDER = (direction: 'asc' | 'desc') =>
  `date_trunc('milliseconds', t."first_at") ${direction}, t."session_id" ${direction}`;

/**
 * `select … from …` of the `FactsRow` of items `i` (of sub-plan `sp`; with `joinChild` it joins their child `c`, else
 * `c` is the enclosing query's); no parameters. The trials come counted per session and phase, as
 * `item_session_tally` keeps them, in the module's order, each with its session's person; the current phase is the one
 * after the item's last status change. `upTo`: only the current phase's last `upTo` tallies.
 */
function itemFactsSelect(currentPhaseOnly: boolean, joinChild: boolean, upTo?: number): string {
  const currentPhase = currentPhaseOnly || upTo ? ` and t."phase" = ${CURRENT_PHASE}` : '';
  const last = upTo ? ` order by ${TALLY_ORDER('desc')} limit ${Math.trunc(upTo)}` : '';
  return `select i."id" as "itemId", i."description", i."status", i."created_at" as "createdAt",
            i."sub_plan_id" as "subPlanId", c."time_zone" as "timeZone",
            ${CRITERIA_OF_ITEM},
            coalesce((select json_agg(json_build_object('status', h."status", 'from', h."at", 'mode', h."mode",
                        'actor', nullif(${PERSON('u')}, ''), 'reason', h."reason") order by h."at", h."id")
                        from "item_status_change" h left join "directory_user" u on u."id" = h."actor_id"
                       where h."item_id" = i."id"), '[]') as "changes",
            exists (select 1 from "mastery_suggestion" s where s."item_id" = i."id" and s."state" = 'PENDING')
              as "pendingSuggestion",
            (select max(s."decided_at") from "mastery_suggestion" s
              where s."item_id" = i."id" and s."state" = 'REJECTED'
                and s."decided_at" > coalesce((select max(h."at") from "item_status_change" h
                                                where h."item_id" = i."id"), i."created_at"))
              as "streakResetAt",
            counted."tallies"
       from "sub_plan_item" i
       join "sub_plan" sp on sp."id" = i."sub_plan_id"
       ${joinChild ? 'join "child" c on c."id" = sp."child_id"' : ''}
       cross join lateral (
         select coalesce(json_agg(json_build_array(t."session_id", t."first_at", t."last_at", t."yes", t."trials",
                  t."first_result", s."user_id", ${PERSON('u')}, s."role") order by ${TALLY_ORDER('asc')}),
                  '[]') as "tallies"
           from (select * from "item_session_tally" t where t."item_id" = i."id"${currentPhase}${last}) t
           join "session" s on s."id" = t."session_id"
           left join "directory_user" u on u."id" = s."user_id"
       ) counted`;
}

/** A `FactsRow` (from SQL, or from JSON: timestamps as Date or text) as `MasteryFacts`. */
function factsOf(row: FactsRow): MasteryFacts {
  const { tallies, ...facts } = row;
  const sessions = new Map<string, MasteryFacts['sessions'][number]>();
  for (const [id, , , , , , user_id, person, role] of tallies)
    if (!sessions.has(id)) sessions.set(id, { id, user_id, person, role });
  return {
    ...facts,
    createdAt: toIso(facts.createdAt),
    streakResetAt: facts.streakResetAt === null ? null : toIso(facts.streakResetAt),
    changes: facts.changes.map((change) => ({ ...change, from: toIso(change.from) })),
    tallies: tallies.map(([session_id, first_at, last_at, yes, trials, first_result]) => ({
      session_id,
      first_at: toIso(first_at),
      last_at: toIso(last_at),
      yes,
      trials,
      first_result,
    })),
    sessions: [...sessions.values()],
  };
}

/** What `trialMayDecide` reads of a trial's item and session, as `trialGateJsonSql` gives it. */
export interface TrialGateRow {
  status: ItemStatus;
  /** When the current phase began: the item's last status change; null before any. */
  phaseFrom: string | null;
  item: MasteryCriterion | null;
  sub_plan: MasteryCriterion | null;
  child: MasteryCriterion | null;
  role: DataRole;
  /** The session's tally in the current phase before the trial, if it had one. */
  before: Omit<SessionTally, 'session_id'> | null;
}

/**
 * A scalar subquery of the enclosing statement (as JSON, a `TrialGateRow`): what the mastery rule's gate reads of the
 * trial of item `itemColumn` in session `sessionColumn` as the statement sees them, before its own writes: the
 * item's status, the start of its current phase, the criteria set for it, the session's role and its tally in that
 * phase. A row of the tally and a few of the item's, whatever its history.
 */
export function trialGateJsonSql(itemColumn: string, sessionColumn: string): string {
  return `(select row_to_json(g) from (
             select i."status", (select max(h."at") from "item_status_change" h where h."item_id" = i."id") as "phaseFrom",
                    ${CRITERIA_OF_ITEM},
                    (select s."role" from "session" s where s."id" = ${sessionColumn}) as "role",
                    (select row_to_json(b) from (
                       select t."first_at", t."last_at", t."yes", t."trials", t."first_result"
                         from "item_session_tally" t
                        where t."item_id" = i."id" and t."session_id" = ${sessionColumn}
                          and t."phase" = ${CURRENT_PHASE}) b) as "before"
               from "sub_plan_item" i join "sub_plan" sp on sp."id" = i."sub_plan_id"
              where i."id" = ${itemColumn}) g)`;
}

/**
 * The facts of the child's item `itemId`, or `undefined` when it is not the child's. The trials come counted per
 * session and phase (a trial belongs to the phase in effect when it was captured, to the millisecond as the module
 * reads instants): one row per session, however many trials. With `currentPhaseOnly`, only the trials (and their
 * sessions) of the current phase: all a decision reads, whatever the item's history. A prepared statement: planning
 * this read cost several times its execution, after every trial.
 */
export async function masteryFacts(
  em: EntityManager,
  childId: string,
  itemId: string,
  { currentPhaseOnly = false }: { currentPhaseOnly?: boolean } = {},
): Promise<MasteryFacts | undefined> {
  const [row] = await preparedRows<FactsRow>(
    em,
    `${itemFactsSelect(currentPhaseOnly, true)} where i."id" = ? and sp."child_id" = ?`,
    [itemId, childId],
  );
  return row && factsOf(row);
}

/**
 * The child's view version and, unless it is `keptVersion` (what an answer kept by this replica was built at), the
 * item's facts as `masteryFacts` reads them, read in the same snapshot: one statement. `facts` is `'kept'` when the
 * version is `keptVersion` (nothing was read), undefined when the item is not the child's.
 */
export async function masteryFactsUnlessKept(
  em: EntityManager,
  childId: string,
  itemId: string,
  keptVersion: string | undefined,
): Promise<{ version: string; facts: MasteryFacts | undefined | 'kept' }> {
  const [row] = await preparedRows<{ version: string; stale: boolean; facts: FactsRow | null }>(
    em,
    `select v."version", v."version" is distinct from ?::text as "stale",
            case when v."version" is distinct from ?::text then
              (select row_to_json(f) from (${itemFactsSelect(false, true)} where i."id" = ? and sp."child_id" = ?) f)
            end as "facts"
       from (${VIEW_VERSION_SQL}) v`,
    [keptVersion ?? null, keptVersion ?? null, itemId, childId, childId],
  );
  return { version: row.version, facts: !row.stale ? 'kept' : row.facts ? factsOf(row.facts) : undefined };
}

/** An item's facts with where it sits: its sub-plan's name and the names of the plans that hold the sub-plan. */
export interface ChildItemFacts {
  facts: MasteryFacts;
  subPlanName: string;
  planNames: string[];
}

/**
 * The facts of every item of the child (all phases), with their sub-plan and plans, by sub-plan name then item
 * creation: what a report reads to give each item's progress as the progress call gives it.
 */
export async function masteryFactsOfChild(em: EntityManager, childId: string): Promise<ChildItemFacts[]> {
  const rows = await sqlRows<FactsRow & { subPlanName: string; planNames: string[] }>(
    em,
    `select f.*, sp."name" as "subPlanName",
            coalesce((select array_agg(p."name" order by p."name") from "plan_sub_plan" ps
                        join "plan" p on p."id" = ps."plan_id" where ps."sub_plan_id" = sp."id"), '{}') as "planNames"
       from (${itemFactsSelect(false, true)} where sp."child_id" = ?) f
       join "sub_plan" sp on sp."id" = f."subPlanId"
       join "sub_plan_item" i on i."id" = f."itemId"
      order by lower(sp."name"), sp."id", i."created_at", i."id"`,
    [childId],
  );
  return rows.map(({ subPlanName, planNames, ...row }) => ({ facts: factsOf(row), subPlanName, planNames }));
}

/** How many of the current phase's latest tallies `latestMasteryFacts` reads: ~3 weeks of daily sessions. */
export const LATEST_TALLIES = 20;

/** An item's facts with only its current phase's latest tallies, and whether they are all of the phase's. */
export interface LatestFacts {
  facts: MasteryFacts;
  complete: boolean;
}

/** A row read with one tally more than `LATEST_TALLIES` (the oldest, dropped): whether there were more tells it all. */
function latestOf(row: FactsRow): LatestFacts {
  const complete = row.tallies.length <= LATEST_TALLIES;
  return { facts: factsOf(complete ? row : { ...row, tallies: row.tallies.slice(1) }), complete };
}

const LATEST_FACTS_SELECT = itemFactsSelect(true, true, LATEST_TALLIES + 1);

/**
 * The facts of the child's item `itemId` with only its current phase's `LATEST_TALLIES` latest tallies (what
 * `decisionOfLatest` reads); `undefined` when it is not the child's. A prepared statement.
 */
export async function latestMasteryFacts(
  em: EntityManager,
  childId: string,
  itemId: string,
): Promise<LatestFacts | undefined> {
  const [row] = await preparedRows<FactsRow>(
    em,
    `${LATEST_FACTS_SELECT} where i."id" = ? and sp."child_id" = ?`,
    [itemId, childId],
  );
  return row && latestOf(row);
}

/** As `latestMasteryFacts`, for each of the child's items below `level` (all the child's, a sub-plan's, one) not FINISHED. */
export async function latestFactsBelow(em: EntityManager, level: CriterionLevel): Promise<LatestFacts[]> {
  const below = level.itemId
    ? { sql: ` and i."id" = ?`, params: [level.itemId] }
    : level.subPlanId
      ? { sql: ` and i."sub_plan_id" = ?`, params: [level.subPlanId] }
      : { sql: '', params: [] };
  const rows = await sqlRows<FactsRow>(
    em,
    `${LATEST_FACTS_SELECT} where sp."child_id" = ? and i."status" <> 'FINISHED'${below.sql}
      order by i."created_at", i."id"`,
    [level.childId, ...below.params],
  );
  return rows.map(latestOf);
}

/** The caller as `GET …/mastery-live` names them: their running session with the child (if any), name and data role. */
export interface LiveCaller {
  sessionId: string | null;
  person: string;
  role: DataRole;
}

/**
 * What the scoring screens of the child's plan `planId` count live, in one statement: the child's time zone, the
 * caller's running session with the child (and the role their data has), and the current phase's facts of every item
 * of the plan not FINISHED (oldest first).
 */
export async function liveFactsOfPlan(
  em: EntityManager,
  caller: { childId: string; userId: string; fallbackRole: DataRole },
  planId: string,
): Promise<({ timeZone: string; items: MasteryFacts[] } & LiveCaller) | undefined> {
  const { childId, userId, fallbackRole } = caller;
  const rows = await preparedRows<{ timeZone: string; items: FactsRow[] } & LiveCaller>(
    em,
    `select c."time_zone" as "timeZone", running."id" as "sessionId",
            coalesce(running."role", ${ROLE_OF_USER}) as "role",
            coalesce((select ${PERSON('u')} from "directory_user" u where u."id" = ?), '') as "person",
            coalesce((select json_agg(f order by f."createdAt", f."itemId") from (
              ${itemFactsSelect(true, false)}
               where sp."child_id" = c."id" and i."status" <> 'FINISHED'
                 and i."sub_plan_id" in (select ps."sub_plan_id" from "plan_sub_plan" ps where ps."plan_id" = ?)
              ) f), '[]') as "items"
       from "child" c
       left join lateral (select s."id", s."role" from "session" s where s."id" = ${RUNNING_SESSION_ID}) running on true
      where c."id" = ?`,
    [userId, fallbackRole, userId, planId, childId, userId, childId],
  );
  const row = rows[0];
  return row && { ...row, items: row.items.map(factsOf) };
}

/**
 * Moves the item on as the rule decided (AUTO) and records the change with its evidence, if the item is still in the
 * status the decision started from (a concurrent decision or change wins otherwise). The new phase starts just after
 * the last trial the decision used. Whether it moved.
 */
export async function applyAutomaticChange(
  em: EntityManager,
  itemId: string,
  decision: MasteryDecision,
  evidence: object,
): Promise<boolean> {
  const rows = await sqlRows(
    em,
    `with moved as (
       update "sub_plan_item" set "status" = ?, "updated_at" = now() where "id" = ? and "status" = ? returning "id"
     )
     insert into "item_status_change" ("id", "item_id", "from_status", "status", "at", "mode", "evidence")
     select ?, moved."id", ?, ?, ?::timestamptz + interval '1 millisecond', 'AUTO', ?::jsonb from moved
     returning 1`,
    [
      decision.to,
      itemId,
      decision.from,
      randomUUID(),
      decision.from,
      decision.to,
      decision.through,
      JSON.stringify(evidence),
    ],
  );
  return rows.length > 0;
}

/** Proposes the change a CONFIRM rule decided, unless a suggestion for the item is already waiting. */
export async function insertSuggestion(
  em: EntityManager,
  childId: string,
  itemId: string,
  decision: MasteryDecision,
  evidence: object,
): Promise<void> {
  await sqlRows(
    em,
    `insert into "mastery_suggestion" ("id", "item_id", "child_id", "from_status", "to_status", "evidence")
     values (?, ?, ?, ?, ?, ?::jsonb)
     on conflict ("item_id") where "state" = 'PENDING' do nothing`,
    [randomUUID(), itemId, childId, decision.from, decision.to, JSON.stringify(evidence)],
  );
}

/** A status change made by hand (the spec's set-status, a revert), recorded with who and why. */
export async function recordManualChange(
  em: EntityManager,
  change: { itemId: string; from: ItemStatus; to: ItemStatus; actorId: string; reason: string | null },
): Promise<void> {
  await sqlRows(
    em,
    `with closed as (
       update "mastery_suggestion" set "state" = 'REJECTED', "decided_by" = ?, "decided_at" = now(),
              "reason" = 'STATUS_CHANGED'
        where "item_id" = ? and "state" = 'PENDING'
     )
     insert into "item_status_change" ("id", "item_id", "from_status", "status", "at", "mode", "actor_id", "reason")
     values (?, ?, ?, ?, now(), 'MANUAL', ?, ?)`,
    [
      change.actorId,
      change.itemId,
      randomUUID(),
      change.itemId,
      change.from,
      change.to,
      change.actorId,
      change.reason,
    ],
  );
}

/** The criteria set for the child's item, its sub-plan and the child (one statement), or `undefined` for another item. */
export async function criteriaOfItem(
  em: EntityManager,
  childId: string,
  itemId: string,
): Promise<
  | { item: MasteryCriterion | null; sub_plan: MasteryCriterion | null; child: MasteryCriterion | null }
  | undefined
> {
  const rows = await sqlRows<{
    item: MasteryCriterion | null;
    sub_plan: MasteryCriterion | null;
    child: MasteryCriterion | null;
  }>(
    em,
    `select ${CRITERIA_OF_ITEM}
       from "sub_plan_item" i join "sub_plan" sp on sp."id" = i."sub_plan_id"
      where i."id" = ? and sp."child_id" = ?`,
    [itemId, childId],
  );
  return rows[0];
}

/** The criterion set at one level, if any. */
export async function criterionAt(
  em: EntityManager,
  level: CriterionLevel,
): Promise<MasteryCriterion | null> {
  const where = levelCondition(level);
  const rows = await sqlRows<{ criterion: MasteryCriterion }>(
    em,
    `select mc."criterion" from "mastery_criterion" mc where ${where.sql}`,
    where.params,
  );
  return rows[0]?.criterion ?? null;
}

/** Sets (or replaces) the criterion of one level. */
export async function setCriterionAt(
  em: EntityManager,
  level: CriterionLevel,
  criterion: MasteryCriterion,
  userId: string,
): Promise<void> {
  const conflict = level.itemId
    ? `("item_id")`
    : level.subPlanId
      ? `("sub_plan_id")`
      : `("child_id") where "sub_plan_id" is null and "item_id" is null`;
  await sqlRows(
    em,
    `insert into "mastery_criterion" ("id", "child_id", "sub_plan_id", "item_id", "criterion", "updated_by")
     values (?, ?, ?, ?, ?::jsonb, ?)
     on conflict ${conflict} do update set "criterion" = excluded."criterion", "updated_by" = excluded."updated_by",
       "updated_at" = now()`,
    [
      randomUUID(),
      level.childId,
      level.itemId ? null : (level.subPlanId ?? null),
      level.itemId ?? null,
      JSON.stringify(criterion),
      userId,
    ],
  );
}

/** Removes one level's criterion (it inherits again). */
export async function removeCriterionAt(em: EntityManager, level: CriterionLevel): Promise<void> {
  const where = levelCondition(level);
  await sqlRows(em, `delete from "mastery_criterion" mc where ${where.sql}`, where.params);
}

export interface SuggestionRow {
  id: string;
  itemId: string;
  itemDescription: string;
  fromStatus: ItemStatus;
  toStatus: ItemStatus;
  createdAt: Date;
  evidence: DecisionEvidence;
}

/** The child's suggestions waiting for a decision, oldest first. */
export async function pendingSuggestions(em: EntityManager, childId: string): Promise<SuggestionRow[]> {
  return sqlRows<SuggestionRow>(
    em,
    `select s."id", s."item_id" as "itemId", i."description" as "itemDescription", s."from_status" as "fromStatus",
            s."to_status" as "toStatus", s."created_at" as "createdAt", s."evidence"
       from "mastery_suggestion" s join "sub_plan_item" i on i."id" = s."item_id"
      where s."child_id" = ? and s."state" = 'PENDING'
      order by s."created_at", s."id"`,
    [childId],
  );
}

/** The child of a suggestion, if it exists. */
export async function childOfSuggestion(
  em: EntityManager,
  suggestionId: string,
): Promise<string | undefined> {
  const rows = await sqlRows<{ child_id: string }>(
    em,
    'select "child_id" from "mastery_suggestion" where "id" = ?',
    [suggestionId],
  );
  return rows[0]?.child_id;
}

/**
 * Decides the child's pending suggestion: `ACCEPTED` or `REJECTED`, by whom and why. Answers the suggestion as it
 * was, or `undefined` when there is no such pending suggestion.
 */
export async function decideSuggestion(
  em: EntityManager,
  decision: {
    childId: string;
    suggestionId: string;
    state: 'ACCEPTED' | 'REJECTED';
    by: string;
    reason: string | null;
  },
): Promise<SuggestionRow | undefined> {
  const rows = await sqlRows<SuggestionRow>(
    em,
    `update "mastery_suggestion" s set "state" = ?, "decided_by" = ?, "decided_at" = now(), "reason" = ?
      where s."id" = ? and s."child_id" = ? and s."state" = 'PENDING'
     returning s."id", s."item_id" as "itemId", '' as "itemDescription", s."from_status" as "fromStatus",
               s."to_status" as "toStatus", s."created_at" as "createdAt", s."evidence"`,
    [decision.state, decision.by, decision.reason, decision.suggestionId, decision.childId],
  );
  return rows[0];
}

/**
 * Applies an accepted suggestion: the item moves on if it is still where the suggestion found it, and the change is
 * recorded as confirmed by `actorId`, with the suggestion's evidence. Whether it moved.
 */
export async function applyConfirmedChange(
  em: EntityManager,
  suggestion: SuggestionRow,
  actorId: string,
): Promise<boolean> {
  const rows = await sqlRows(
    em,
    `with moved as (
       update "sub_plan_item" set "status" = ?, "updated_at" = now() where "id" = ? and "status" = ? returning "id"
     )
     insert into "item_status_change"
       ("id", "item_id", "from_status", "status", "at", "mode", "actor_id", "evidence")
     select ?, moved."id", ?, ?, now(), 'CONFIRMED', ?, ?::jsonb from moved
     returning 1`,
    [
      suggestion.toStatus,
      suggestion.itemId,
      suggestion.fromStatus,
      randomUUID(),
      suggestion.fromStatus,
      suggestion.toStatus,
      actorId,
      JSON.stringify(suggestion.evidence),
    ],
  );
  return rows.length > 0;
}
