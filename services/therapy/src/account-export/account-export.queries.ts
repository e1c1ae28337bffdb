import type { EntityManager } from '@mikro-orm/core';
import type { ExportTable } from '@aba/contracts/api';
import { exportTable, sqlRows, type ExportCoverage } from '@aba/server-kit';

/** The children the caller (`?`) owns, deleted or not, until they are erased. */
const OWNED = `(select c."id" from "child" c where c."owner_id" = ?)`;

interface TableQuery {
  name: string;
  description: string;
  columns: string[];
  /** A select of `columns`; every `?` is the caller's id. */
  sql: string;
}

/** What therapy exports about the caller: the children they own with all their data, their place on others'. */
const TABLES: readonly TableQuery[] = [
  {
    name: 'user_directory',
    description: "Therapy's copy of your name, e-mail address and role, to show who recorded what.",
    columns: ['id', 'email', 'first_name', 'last_name', 'role'],
    sql: `select "id", "email", "first_name", "last_name", "role" from "directory_user" where "id" = ?`,
  },
  {
    name: 'children',
    description: 'The children you added (owner), including those deleted and not yet erased.',
    columns: ['id', 'first_name', 'last_name', 'date_of_birth', 'time_zone', 'created_at', 'deleted_at'],
    sql: `select "id", "first_name", "last_name", "date_of_birth", "time_zone", "created_at", "deleted_at"
            from "child" where "owner_id" = ? order by "created_at"`,
  },
  {
    name: 'consents',
    description:
      "Your consent to each child's data: the version of the text, when it was given and withdrawn.",
    columns: ['child_id', 'version', 'given_by', 'given_at', 'withdrawn_at', 'withdrawn_by'],
    sql: `select "child_id", "version", "given_by", "given_at", "withdrawn_at", "withdrawn_by"
            from "child_consent" where "child_id" in ${OWNED}`,
  },
  {
    name: 'team_members',
    description:
      "Your children's coordinators and therapists, present and former, with their role and status.",
    columns: ['child_id', 'user_id', 'email', 'access_type', 'status', 'added_at', 'left_at'],
    sql: `select "child_id", "user_id", "email", "access_type", "status", "created_at" as "added_at", null as "left_at"
            from "child_helper" where "child_id" in ${OWNED}
          union all
          select "child_id", "user_id", null, "access_type", 'FORMER', null, "left_at"
            from "former_helper" where "child_id" in ${OWNED}
          order by "child_id", "added_at" nulls last`,
  },
  {
    name: 'my_roles',
    description:
      "The children of other families you are or were on the team of (ids only: their data is their family's).",
    columns: ['child_id', 'access_type', 'status', 'added_at', 'left_at'],
    sql: `select "child_id", "access_type", "status", "created_at" as "added_at", null as "left_at"
            from "child_helper" where "user_id" = ? and "child_id" not in ${OWNED}
          union all
          select "child_id", "access_type", 'FORMER', null, "left_at"
            from "former_helper" where "user_id" = ? and "child_id" not in ${OWNED}
          order by "child_id", "added_at" nulls last`,
  },
  {
    name: 'hand_overs',
    description:
      'Hand-overs of a child waiting for a coordinator to accept them: of your children, or offered to you.',
    columns: ['child_id', 'to_user_id', 'offered_by', 'offered_at'],
    sql: `select "child_id", "to_user_id", "offered_by", "offered_at"
            from "ownership_offer" where "child_id" in ${OWNED} or "to_user_id" = ?`,
  },
  {
    name: 'report_settings',
    description:
      "The clinic named on your children's clinician reports, its logo's type and size (the image is the clinic's " +
      "and is not repeated here) and the order of the reports' sections.",
    columns: [
      'child_id',
      'clinic_name',
      'logo_type',
      'logo_width',
      'logo_height',
      'section_order',
      'updated_by',
      'updated_at',
    ],
    sql: `select "child_id", "clinic_name", "logo_type", "logo_width", "logo_height",
                 array_to_string("section_order", ',') as "section_order", "updated_by", "updated_at"
            from "child_report_settings" where "child_id" in ${OWNED}`,
  },
  {
    name: 'licences',
    description: "The licences your children held: billing's subscription, from when to when.",
    columns: ['child_id', 'child_subscription_id', 'assigned_at', 'ended_at'],
    sql: `select "child_id", "child_subscription_id", "assigned_at", "ended_at"
            from "child_licence" where "child_id" in ${OWNED} order by "assigned_at"`,
  },
  {
    name: 'plans',
    description: "Your children's intervention plans.",
    columns: ['id', 'child_id', 'name', 'description', 'status', 'created_at', 'updated_at'],
    sql: `select "id", "child_id", "name", "description", "status", "created_at", "updated_at"
            from "plan" where "child_id" in ${OWNED} order by "created_at"`,
  },
  {
    name: 'sub_plans',
    description: "Your children's sub-plans (groups of targets).",
    columns: ['id', 'child_id', 'name', 'description', 'status', 'created_at', 'updated_at'],
    sql: `select "id", "child_id", "name", "description", "status", "created_at", "updated_at"
            from "sub_plan" where "child_id" in ${OWNED} order by "created_at"`,
  },
  {
    name: 'plan_sub_plans',
    description: 'Which sub-plans are part of which plan.',
    columns: ['plan_id', 'sub_plan_id', 'created_at'],
    sql: `select ps."plan_id", ps."sub_plan_id", ps."created_at"
            from "plan_sub_plan" ps join "plan" p on p."id" = ps."plan_id" where p."child_id" in ${OWNED}`,
  },
  {
    name: 'items',
    description: 'The targets (items) of the sub-plans, with their status.',
    columns: ['id', 'sub_plan_id', 'description', 'status', 'created_at', 'updated_at'],
    sql: `select i."id", i."sub_plan_id", i."description", i."status", i."created_at", i."updated_at"
            from "sub_plan_item" i join "sub_plan" s on s."id" = i."sub_plan_id"
           where s."child_id" in ${OWNED} order by i."created_at"`,
  },
  {
    name: 'item_status_changes',
    description:
      "Every change of a target's status: by hand, automatic or confirmed, with its reason and evidence.",
    columns: ['id', 'item_id', 'from_status', 'status', 'at', 'mode', 'actor_id', 'reason', 'evidence'],
    sql: `select h."id", h."item_id", h."from_status", h."status", h."at", h."mode", h."actor_id", h."reason", h."evidence"
            from "item_status_change" h join "sub_plan_item" i on i."id" = h."item_id"
            join "sub_plan" s on s."id" = i."sub_plan_id"
           where s."child_id" in ${OWNED} order by h."at"`,
  },
  {
    name: 'mastery_criteria',
    description: 'The mastery criteria set for a child, a sub-plan or a target.',
    columns: ['id', 'child_id', 'sub_plan_id', 'item_id', 'criterion', 'updated_by', 'updated_at'],
    sql: `select "id", "child_id", "sub_plan_id", "item_id", "criterion", "updated_by", "updated_at"
            from "mastery_criterion" where "child_id" in ${OWNED}`,
  },
  {
    name: 'mastery_suggestions',
    description: 'Status changes the mastery rule proposed, and how they were decided.',
    columns: [
      'id',
      'item_id',
      'child_id',
      'from_status',
      'to_status',
      'state',
      'evidence',
      'created_at',
      'decided_by',
      'decided_at',
      'reason',
    ],
    sql: `select "id", "item_id", "child_id", "from_status", "to_status", "state", "evidence", "created_at",
                 "decided_by", "decided_at", "reason"
            from "mastery_suggestion" where "child_id" in ${OWNED} order by "created_at"`,
  },
  {
    name: 'sessions',
    description: "Work sessions with your children (anyone's), and your own sessions with other children.",
    columns: [
      'id',
      'child_id',
      'user_id',
      'role',
      'setting',
      'implicit',
      'started_at',
      'last_activity_at',
      'ended_at',
    ],
    sql: `select "id", "child_id", "user_id", "role", "setting", "implicit", "started_at", "last_activity_at", "ended_at"
            from "session" where "child_id" in ${OWNED} or "user_id" = ? order by "started_at"`,
  },
  {
    name: 'evaluations',
    description:
      "Every trial scored for your children's targets: YES or NO, by whom, when, in which session.",
    columns: [
      'id',
      'child_id',
      'item_id',
      'plan_id',
      'result',
      'user_id',
      'session_id',
      'captured_at',
      'created_at',
    ],
    sql: `select "id", "child_id", "item_id", "plan_id", "result", "user_id", "session_id", "captured_at", "created_at"
            from "item_evaluation" where "child_id" in ${OWNED} order by "captured_at", "id"`,
  },
  {
    name: 'behaviors',
    description: 'The problem behaviours tracked for your children.',
    columns: ['id', 'child_id', 'name', 'description', 'created_by', 'created_at'],
    sql: `select "id", "child_id", "name", "description", "created_by", "created_at"
            from "behavior" where "child_id" in ${OWNED} order by "created_at"`,
  },
  {
    name: 'behavior_logs',
    description: 'Every occurrence of a behaviour logged: when, by whom, in which session.',
    columns: ['id', 'behavior_id', 'date_logged', 'logged_by', 'session_id', 'received_at'],
    sql: `select t."id", t."behavior_id", t."date_logged", t."logged_by", t."session_id", t."received_at"
            from "behavior_tracking" t join "behavior" b on b."id" = t."behavior_id"
           where b."child_id" in ${OWNED} order by t."date_logged"`,
  },
  {
    name: 'abc_entries',
    description: 'ABC data: what came before (antecedent) and after (consequence) an occurrence.',
    columns: [
      'id',
      'behavior_id',
      'tracking_id',
      'antecedent',
      'antecedent_code',
      'consequence',
      'consequence_code',
      'created_by',
      'created_at',
      'session_id',
    ],
    sql: `select a."id", a."behavior_id", a."tracking_id", a."antecedent", a."antecedent_code", a."consequence",
                 a."consequence_code", a."created_by", a."created_at", a."session_id"
            from "behavior_abc" a join "behavior" b on b."id" = a."behavior_id"
           where b."child_id" in ${OWNED} order by a."created_at"`,
  },
  {
    name: 'captures_to_check',
    description:
      'Captures made offline whose target or behaviour was deleted meanwhile, and what was decided.',
    columns: [
      'id',
      'child_id',
      'author_id',
      'kind',
      'record',
      'target_id',
      'target_label',
      'captured_at',
      'received_at',
      'state',
      'reason',
      'resolved_by',
      'resolved_at',
      'discard_reason',
      'attached_to',
      'attached_to_label',
    ],
    sql: `select "id", "child_id", "author_id", "kind", "record", "target_id", "target_label", "captured_at",
                 "received_at", "state", "reason", "resolved_by", "resolved_at", "discard_reason", "attached_to",
                 "attached_to_label"
            from "needs_attention" where "child_id" in ${OWNED} or "author_id" = ? order by "received_at"`,
  },
  {
    name: 'audit_trail',
    description:
      "Every change to your children's data: who (user id; none for the platform), what, when, before and after.",
    columns: ['id', 'child_id', 'at', 'actor_id', 'kind', 'entity_id', 'before', 'after'],
    sql: `select e."id", e."child_id", e."at", e."actor_id", e."kind", e."entity_id", d."before", d."after"
            from "audit_entry" e left join "audit_detail" d on d."entry_id" = e."id"
           where e."child_id" in ${OWNED} order by e."seq"`,
  },
];

/** What therapy's export does with each table of its schema (ADR 0048). */
export const THERAPY_EXPORT_COVERAGE: ExportCoverage = {
  directory_user: { exportedAs: 'user_directory' },
  child: { exportedAs: 'children' },
  child_consent: { exportedAs: 'consents' },
  child_helper: { exportedAs: 'team_members' },
  former_helper: { exportedAs: 'my_roles' },
  child_licence: { exportedAs: 'licences' },
  ownership_offer: { exportedAs: 'hand_overs' },
  child_report_settings: { exportedAs: 'report_settings' },
  plan: { exportedAs: 'plans' },
  sub_plan: { exportedAs: 'sub_plans' },
  plan_sub_plan: { exportedAs: 'plan_sub_plans' },
  sub_plan_item: { exportedAs: 'items' },
  item_status_change: { exportedAs: 'item_status_changes' },
  mastery_criterion: { exportedAs: 'mastery_criteria' },
  mastery_suggestion: { exportedAs: 'mastery_suggestions' },
  session: { exportedAs: 'sessions' },
  item_evaluation: { exportedAs: 'evaluations' },
  behavior: { exportedAs: 'behaviors' },
  behavior_tracking: { exportedAs: 'behavior_logs' },
  behavior_abc: { exportedAs: 'abc_entries' },
  needs_attention: { exportedAs: 'captures_to_check' },
  audit_entry: { exportedAs: 'audit_trail' },
  audit_detail: { exportedAs: 'audit_trail' },
  item_session_tally: {
    notExported: 'trials counted per session: derived from the evaluations, which are exported',
  },
  view_version: {
    notExported:
      "a number per child that moves at every change to its plans, for the servers' kept views: technical",
  },
  helper_addition: {
    notExported:
      'when a team addition was made, kept a day for its limit: the additions are in the audit trail',
  },
  selectable_list_item: {
    notExported: 'the lists of antecedents and consequences: the same for everyone, about no one',
  },
  outbox_event: {
    notExported:
      'events for the other services: technical, kept until sent and then as long as the event streams keep them, for a restore',
  },
  inbox_event: { notExported: 'ids of events already handled: technical, about no one' },
  mikro_orm_migrations: { notExported: "the schema's version history: about no one" },
};

/** Every table of therapy's part of the caller's export (`userId`), in the order above. */
export async function therapyExportTables(em: EntityManager, userId: string): Promise<ExportTable[]> {
  const tables: ExportTable[] = [];
  for (const table of TABLES) {
    const params = Array.from({ length: table.sql.split('?').length - 1 }, () => userId);
    tables.push(
      exportTable(table.name, table.description, table.columns, await sqlRows(em, table.sql, params)),
    );
  }
  return tables;
}
