import { Migration } from '@mikro-orm/migrations';

/** The default selectable lists (code, English, Romanian), in the order they are offered. */
const ANTECEDENTS: [string, string, string][] = [
  ['demand_placed', 'Demand placed', 'I s-a cerut ceva (o sarcină)'],
  ['transition', 'Transition between activities', 'Tranziție între activități'],
  ['denied_access', 'Denied access to an item or activity', 'Acces refuzat la un obiect sau o activitate'],
  ['item_removed', 'Preferred item or activity taken away', 'I s-a luat un obiect sau o activitate preferată'],
  ['low_attention', 'Alone or low attention', 'Singur sau cu atenție scăzută'],
  ['told_no', 'Told "no"', 'I s-a spus „nu”'],
  ['asked_to_wait', 'Asked to wait', 'I s-a cerut să aștepte'],
  ['loud_or_crowded', 'Loud noise or crowded place', 'Zgomot puternic sau loc aglomerat'],
  ['routine_change', 'Unexpected change in routine', 'Schimbare neașteptată a rutinei'],
];

const CONSEQUENCES: [string, string, string][] = [
  ['attention_given', 'Attention given', 'I s-a acordat atenție'],
  ['demand_removed', 'Demand removed (escape)', 'Cerința a fost retrasă (evitare)'],
  ['item_given', 'Item or activity given', 'I s-a dat obiectul sau activitatea'],
  ['planned_ignoring', 'Planned ignoring', 'Ignorare planificată'],
  ['redirected', 'Redirected to another activity', 'Redirecționat către altă activitate'],
  ['blocked_guided', 'Blocked or physical guidance', 'Blocat sau ghidaj fizic'],
  ['demand_followed_through', 'Demand repeated and followed through', 'Cerința a fost repetată și dusă la capăt'],
  ['verbal_correction', 'Verbal correction', 'Corectare verbală'],
  ['calmed', 'Comforted or calmed', 'Consolat sau calmat'],
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Behaviours of a child, their tracking entries (one per occurrence) and the ABC log, plus the selectable
 * antecedent / consequence lists seeded with a default set in Romanian and English. Everything that belongs to a
 * behaviour goes with it (`on delete cascade`), and behaviours go with their child.
 */
export class Migration20261125000100Behaviors extends Migration {
  override name = 'Migration20261125000100_behaviors';

  override up(): void {
    this.addSql(
      `create table "therapy"."behavior" (
        "id" uuid not null primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "name" varchar(100) not null,
        "description" varchar(500) not null default '',
        "created_by" uuid not null,
        "created_at" timestamptz not null default now()
      )`,
    );
    // One name per child, whatever its case; also the list of a child's behaviours.
    this.addSql(
      'create unique index "behavior_child_name_unique" on "therapy"."behavior" ("child_id", lower("name"))',
    );

    this.addSql(
      `create table "therapy"."behavior_tracking" (
        "id" uuid not null primary key,
        "behavior_id" uuid not null references "therapy"."behavior" ("id") on delete cascade,
        "date_logged" timestamptz not null default now(),
        "logged_by" uuid not null
      )`,
    );
    // A behaviour's entries by date (the frequency chart).
    this.addSql(
      'create index "behavior_tracking_behavior_date_idx" on "therapy"."behavior_tracking" ("behavior_id", "date_logged")',
    );

    this.addSql(
      `create table "therapy"."selectable_list_item" (
        "code" varchar(64) not null primary key,
        "kind" varchar(16) not null check ("kind" in ('antecedent', 'consequence')),
        "position" int not null,
        "text_ro" varchar(200) not null,
        "text_en" varchar(200) not null,
        constraint "selectable_list_item_kind_position_unique" unique ("kind", "position")
      )`,
    );
    const rows = [
      ...ANTECEDENTS.map(([code, en, ro], index) => `(${quote(code)}, 'antecedent', ${index + 1}, ${quote(ro)}, ${quote(en)})`),
      ...CONSEQUENCES.map(([code, en, ro], index) => `(${quote(code)}, 'consequence', ${index + 1}, ${quote(ro)}, ${quote(en)})`),
    ];
    this.addSql(
      `insert into "therapy"."selectable_list_item" ("code", "kind", "position", "text_ro", "text_en") values ${rows.join(', ')}`,
    );

    this.addSql(
      `create table "therapy"."behavior_abc" (
        "id" uuid not null primary key,
        "behavior_id" uuid not null references "therapy"."behavior" ("id") on delete cascade,
        "antecedent" varchar(200) not null,
        "antecedent_code" varchar(64) null references "therapy"."selectable_list_item" ("code") on delete set null,
        "consequence" varchar(200) not null,
        "consequence_code" varchar(64) null references "therapy"."selectable_list_item" ("code") on delete set null,
        "created_by" uuid not null,
        "created_at" timestamptz not null default now()
      )`,
    );
    // A behaviour's log, newest first.
    this.addSql(
      'create index "behavior_abc_behavior_created_idx" on "therapy"."behavior_abc" ("behavior_id", "created_at" desc)',
    );
  }
}
