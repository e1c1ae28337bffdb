import type { EntityManager } from '@mikro-orm/core';
import type { ChildExportDataSet } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';
import { EFFECTIVE_END } from '../sessions/sessions.queries.js';
import {
  CHANGE_MODE_WORDS,
  CHANGE_REASON_WORDS,
  ITEM_STATUS_WORDS,
  RESULT_WORDS,
  ROLE_WORDS,
  SETTING_WORDS,
  YES_NO_WORDS,
  type Vocabulary,
  type Words,
} from './export-words.js';

/**
 * What a column holds: an id or a text as it is; a number; a wall-clock `yyyy-mm-dd hh:mm:ss` (the child's local
 * time, or UTC); a code written in words (`words`); a person's name, "former user" when their account is gone.
 */
export type ExportColumnKind = 'text' | 'number' | 'dateTime' | 'word' | 'person';

export interface ExportColumn {
  key: string;
  header: Words;
  kind: ExportColumnKind;
  words?: Vocabulary<string>;
}

/**
 * A row as the data set's query reads it: the columns' values, and the instant that places it in the order (`_at`;
 * the row's own id, its first column, breaks ties).
 */
export type ExportRow = Record<string, string | number | boolean | null> & { _at: string };

/** Where the export reads: the child, and the instants its period starts and ends at (`-infinity`, `infinity`). */
export interface ExportScope {
  childId: string;
  fromAt: string;
  toAt: string;
}

export interface ExportDataSet {
  name: ChildExportDataSet;
  /** The sheet's name and the README's words for the file. */
  title: Words;
  description: Words;
  /** The first is the row's own id: the order's tie-break, written once (inline) in a workbook. */
  columns: readonly ExportColumn[];
  /** One batch of rows after `after` (the previous batch's last row's place), at most `limit`, in the set's order. */
  batch(
    em: EntityManager,
    scope: ExportScope,
    after: { at: string; id: string },
    limit: number,
  ): Promise<ExportRow[]>;
}

const column = (
  key: string,
  ro: string,
  en: string,
  kind: ExportColumnKind = 'text',
  words?: Vocabulary<string>,
) => ({ key, header: { ro, en }, kind, ...(words ? { words } : {}) }) satisfies ExportColumn;

/**
 * The child's local time (`c` the child) and UTC of instant `at`, as `<name>_local` and `<name>_utc`: a timestamp's
 * text to the second (cheaper than `to_char`, four times a trial).
 */
const times = (at: string, name: string) =>
  `left((${at} at time zone c."time_zone")::text, 19) as "${name}_local",
   left((${at} at time zone 'UTC')::text, 19) as "${name}_utc"`;

const timeColumns = (name: string, ro: string, en: string) => [
  column(`${name}_local`, `${ro} (ora locală)`, `${en} (local time)`, 'dateTime'),
  column(`${name}_utc`, `${ro} (UTC)`, `${en} (UTC)`, 'dateTime'),
];

/** A user's full name from the directory `u`; null when the directory does not know them. */
const FULL_NAME = (u: string) =>
  `nullif(trim(coalesce(${u}."first_name", '') || ' ' || coalesce(${u}."last_name", '')), '')`;

/**
 * A batch of the rows `select … from` reads (joining `c`, the child) where `childIs` (one parameter: the child), in the
 * order of the instant `at` and the id `id`, within the scope's period and after `after`: the keyset of the batches.
 */
function batchOf(query: { select: string; from: string; at: string; id: string; childIs: string }) {
  const { select, from, at, id, childIs } = query;
  return (em: EntityManager, scope: ExportScope, after: { at: string; id: string }, limit: number) =>
    sqlRows<ExportRow>(
      em,
      `select ${select}, ${at}::text as "_at"
         from ${from}
        where ${childIs} and ${at} >= ?::timestamptz and ${at} < ?::timestamptz
          and (${at}, ${id}) > (?::timestamptz, ?::uuid)
        order by ${at}, ${id} limit ${Math.trunc(limit)}`,
      [scope.childId, scope.fromAt, scope.toAt, after.at, after.id],
    );
}

const trials: ExportDataSet = {
  name: 'trials',
  title: { ro: 'Încercări', en: 'Trials' },
  description: {
    ro: 'Fiecare încercare notată DA sau NU, cu sesiunea, itemul, sub-planul, planul, autorul și stadiul itemului atunci.',
    en: 'Every trial scored YES or NO, with its session, item, sub-plan, plan, author and the item’s status then.',
  },
  columns: [
    column('trial_id', 'ID încercare', 'Trial ID'),
    column('session_id', 'ID sesiune', 'Session ID'),
    ...timeColumns('captured', 'Înregistrată', 'Captured'),
    ...timeColumns('received', 'Primită pe server', 'Received'),
    column('plan_id', 'ID plan', 'Plan ID'),
    column('plan', 'Plan', 'Plan'),
    column('sub_plan_id', 'ID sub-plan', 'Sub-plan ID'),
    column('sub_plan', 'Sub-plan', 'Sub-plan'),
    column('item_id', 'ID item', 'Item ID'),
    column('item', 'Item', 'Item'),
    column('result', 'Rezultat', 'Result', 'word', RESULT_WORDS),
    column('item_status', 'Stadiul itemului atunci', 'Item status then', 'word', ITEM_STATUS_WORDS),
    column('author_id', 'ID autor', 'Author ID'),
    column('author', 'Autor', 'Author', 'person'),
    column('role', 'Rol', 'Role', 'word', ROLE_WORDS),
  ],
  // The item's status when the trial was captured: the last change at or before it, else the first change's from.
  batch: batchOf({
    select: `e."id" as "trial_id", e."session_id", ${times('e."captured_at"', 'captured')},
            ${times('e."created_at"', 'received')}, e."plan_id", p."name" as "plan", i."sub_plan_id",
            sp."name" as "sub_plan", e."item_id", i."description" as "item", e."result",
            coalesce((select h."status" from "item_status_change" h
                       where h."item_id" = e."item_id" and h."at" <= e."captured_at"
                       order by h."at" desc, h."id" desc limit 1),
                     (select h."from_status" from "item_status_change" h
                       where h."item_id" = e."item_id" order by h."at", h."id" limit 1),
                     i."status") as "item_status",
            e."user_id" as "author_id", ${FULL_NAME('u')} as "author", s."role"`,
    from: `"item_evaluation" e
       join "child" c on c."id" = e."child_id"
       join "sub_plan_item" i on i."id" = e."item_id"
       join "sub_plan" sp on sp."id" = i."sub_plan_id"
       left join "plan" p on p."id" = e."plan_id"
       left join "session" s on s."id" = e."session_id"
       left join "directory_user" u on u."id" = e."user_id"`,
    at: 'e."captured_at"',
    id: 'e."id"',
    childIs: 'e."child_id" = ?',
  }),
};

const sessions: ExportDataSet = {
  name: 'sessions',
  title: { ro: 'Sesiuni', en: 'Sessions' },
  description: {
    ro: 'Fiecare sesiune de lucru cu copilul: cine, unde, cât a durat și ce s-a înregistrat în ea.',
    en: 'Every session of work with the child: who, where, how long, and what was recorded in it.',
  },
  columns: [
    column('session_id', 'ID sesiune', 'Session ID'),
    ...timeColumns('started', 'Început', 'Started'),
    ...timeColumns('ended', 'Încheiat', 'Ended'),
    column('duration_minutes', 'Durată (minute)', 'Duration (minutes)', 'number'),
    column('person_id', 'ID persoană', 'Person ID'),
    column('person', 'Persoană', 'Person', 'person'),
    column('role', 'Rol', 'Role', 'word', ROLE_WORDS),
    column('setting', 'Loc', 'Setting', 'word', SETTING_WORDS),
    column('implicit', 'Deschisă automat', 'Opened automatically', 'word', YES_NO_WORDS),
    column('trials', 'Încercări', 'Trials', 'number'),
    column('behavior_logs', 'Comportamente', 'Behaviour logs', 'number'),
    column('abc_entries', 'Înregistrări ABC', 'ABC entries', 'number'),
  ],
  batch: batchOf({
    select: `s."id" as "session_id", ${times('s."started_at"', 'started')}, ${times('x."ended_at"', 'ended')},
            round(extract(epoch from x."ended_at" - s."started_at") / 60, 1)::float8 as "duration_minutes",
            s."user_id" as "person_id", ${FULL_NAME('u')} as "person", s."role", s."setting",
            s."implicit"::text as "implicit",
            (select count(*)::int from "item_evaluation" e where e."session_id" = s."id") as "trials",
            (select count(*)::int from "behavior_tracking" t where t."session_id" = s."id") as "behavior_logs",
            (select count(*)::int from "behavior_abc" a where a."session_id" = s."id") as "abc_entries"`,
    from: `"session" s
       join "child" c on c."id" = s."child_id"
       cross join lateral (select ${EFFECTIVE_END} as "ended_at") x
       left join "directory_user" u on u."id" = s."user_id"`,
    at: 's."started_at"',
    id: 's."id"',
    childIs: 's."child_id" = ?',
  }),
};

const statusChanges: ExportDataSet = {
  name: 'status-changes',
  title: { ro: 'Schimbări de stadiu', en: 'Status changes' },
  description: {
    ro: 'Fiecare trecere a unui item în alt stadiu: de la ce la ce, cum (automat, confirmat, manual), de cine și de ce.',
    en: 'Every move of an item to another status: from what to what, how (automatic, confirmed, by hand), by whom and why.',
  },
  columns: [
    column('change_id', 'ID schimbare', 'Change ID'),
    ...timeColumns('at', 'Data', 'When'),
    column('sub_plan_id', 'ID sub-plan', 'Sub-plan ID'),
    column('sub_plan', 'Sub-plan', 'Sub-plan'),
    column('item_id', 'ID item', 'Item ID'),
    column('item', 'Item', 'Item'),
    column('from_status', 'Din stadiul', 'From status', 'word', ITEM_STATUS_WORDS),
    column('status', 'În stadiul', 'To status', 'word', ITEM_STATUS_WORDS),
    column('mode', 'Mod', 'Mode', 'word', CHANGE_MODE_WORDS),
    column('reason', 'Motiv', 'Reason', 'word', CHANGE_REASON_WORDS),
    column('actor_id', 'ID autor', 'Author ID'),
    column('actor', 'Autor', 'Author', 'person'),
  ],
  batch: batchOf({
    select: `h."id" as "change_id", ${times('h."at"', 'at')}, i."sub_plan_id", sp."name" as "sub_plan",
            h."item_id", i."description" as "item", h."from_status", h."status", h."mode", h."reason",
            h."actor_id", case when h."actor_id" is not null then ${FULL_NAME('u')} end as "actor"`,
    from: `"item_status_change" h
       join "sub_plan_item" i on i."id" = h."item_id"
       join "sub_plan" sp on sp."id" = i."sub_plan_id"
       join "child" c on c."id" = sp."child_id"
       left join "directory_user" u on u."id" = h."actor_id"`,
    at: 'h."at"',
    id: 'h."id"',
    childIs: 'sp."child_id" = ?',
  }),
};

const behaviorLogs: ExportDataSet = {
  name: 'behavior-logs',
  title: { ro: 'Comportamente', en: 'Behaviour logs' },
  description: {
    ro: 'Fiecare apariție notată a unui comportament, cu sesiunea și autorul.',
    en: 'Every logged occurrence of a behaviour, with its session and author.',
  },
  columns: [
    column('log_id', 'ID înregistrare', 'Log ID'),
    column('session_id', 'ID sesiune', 'Session ID'),
    ...timeColumns('captured', 'Înregistrată', 'Captured'),
    ...timeColumns('received', 'Primită pe server', 'Received'),
    column('behavior_id', 'ID comportament', 'Behaviour ID'),
    column('behavior', 'Comportament', 'Behaviour'),
    column('author_id', 'ID autor', 'Author ID'),
    column('author', 'Autor', 'Author', 'person'),
    column('role', 'Rol', 'Role', 'word', ROLE_WORDS),
  ],
  batch: batchOf({
    select: `t."id" as "log_id", t."session_id", ${times('t."date_logged"', 'captured')},
            ${times('t."received_at"', 'received')}, t."behavior_id", b."name" as "behavior",
            t."logged_by" as "author_id", ${FULL_NAME('u')} as "author", s."role"`,
    from: `"behavior_tracking" t
       join "behavior" b on b."id" = t."behavior_id"
       join "child" c on c."id" = b."child_id"
       left join "session" s on s."id" = t."session_id"
       left join "directory_user" u on u."id" = t."logged_by"`,
    at: 't."date_logged"',
    id: 't."id"',
    childIs: 'b."child_id" = ?',
  }),
};

const abcEntries: ExportDataSet = {
  name: 'abc-entries',
  title: { ro: 'Înregistrări ABC', en: 'ABC entries' },
  description: {
    ro: 'Fiecare înregistrare ABC: ce s-a întâmplat înainte (antecedent) și după (consecință) comportament.',
    en: 'Every ABC entry: what came before the behaviour (antecedent) and what came after (consequence).',
  },
  columns: [
    column('entry_id', 'ID înregistrare ABC', 'ABC entry ID'),
    column('session_id', 'ID sesiune', 'Session ID'),
    column('log_id', 'ID apariție', 'Log ID'),
    ...timeColumns('captured', 'Înregistrată', 'Captured'),
    ...timeColumns('received', 'Primită pe server', 'Received'),
    column('behavior_id', 'ID comportament', 'Behaviour ID'),
    column('behavior', 'Comportament', 'Behaviour'),
    column('antecedent', 'Antecedent', 'Antecedent'),
    column('consequence', 'Consecință', 'Consequence'),
    column('author_id', 'ID autor', 'Author ID'),
    column('author', 'Autor', 'Author', 'person'),
    column('role', 'Rol', 'Role', 'word', ROLE_WORDS),
  ],
  batch: batchOf({
    select: `a."id" as "entry_id", a."session_id", a."tracking_id" as "log_id", ${times('a."created_at"', 'captured')},
            ${times('a."received_at"', 'received')}, a."behavior_id", b."name" as "behavior", a."antecedent",
            a."consequence", a."created_by" as "author_id", ${FULL_NAME('u')} as "author", s."role"`,
    from: `"behavior_abc" a
       join "behavior" b on b."id" = a."behavior_id"
       join "child" c on c."id" = b."child_id"
       left join "session" s on s."id" = a."session_id"
       left join "directory_user" u on u."id" = a."created_by"`,
    at: 'a."created_at"',
    id: 'a."id"',
    childIs: 'b."child_id" = ?',
  }),
};

/** The data sets of the export, in the ZIP's order (`CHILD_EXPORT_DATA_SETS`). */
export const EXPORT_DATA_SETS: readonly ExportDataSet[] = [
  trials,
  sessions,
  statusChanges,
  behaviorLogs,
  abcEntries,
];

/** What the export says of itself, and where it reads. */
export interface ExportHeading {
  childName: string;
  firstName: string;
  timeZone: string;
  /** The caller's name; null when the directory does not know it. */
  madeBy: string | null;
  scope: ExportScope;
}

/** The child's name and clock, the caller's name, and the instants the period of local days `from`–`to` spans. */
export async function exportHeading(
  em: EntityManager,
  childId: string,
  userId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<ExportHeading | undefined> {
  const [row] = await sqlRows<Omit<ExportHeading, 'scope'> & { fromAt: string; toAt: string }>(
    em,
    `select trim(c."first_name" || ' ' || c."last_name") as "childName", c."first_name" as "firstName",
            c."time_zone" as "timeZone",
            (select ${FULL_NAME('u')} from "directory_user" u where u."id" = ?) as "madeBy",
            coalesce(((?::date)::timestamp at time zone c."time_zone")::text, '-infinity') as "fromAt",
            coalesce(((?::date + 1)::timestamp at time zone c."time_zone")::text, 'infinity') as "toAt"
       from "child" c where c."id" = ?`,
    [userId, from ?? null, to ?? null, childId],
  );
  return (
    row && {
      childName: row.childName,
      firstName: row.firstName,
      timeZone: row.timeZone,
      madeBy: row.madeBy,
      scope: { childId, fromAt: row.fromAt, toAt: row.toAt },
    }
  );
}
