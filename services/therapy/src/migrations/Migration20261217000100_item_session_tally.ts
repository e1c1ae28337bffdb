import { Migration } from '@mikro-orm/migrations';

const COLUMNS = `("item_id", "phase", "session_id", "first_at", "first_id", "first_result", "last_at", "yes", "trials")`;

/**
 * Trials counted per item, phase and session (issue 15's figures): the mastery rule and the progress call read one
 * row per session instead of every trial. The phase of a trial is the number of the item's status changes at or before
 * its capture, to the millisecond as the module reads instants (`width_bucket` over the changes' instants); the first
 * trial (by capture, then id) gives the session's first result.
 *
 * Triggers keep it, so that every writer (a trial, a correction, a delete, a child's erasure or restore, a status
 * change) counts alike: a new trial adds itself to its row; anything else that changes what a count reads counts
 * the items it touched again, after locking them (`for update` waits for the trials being written to them and holds
 * new ones until it commits, so no trial is counted twice or lost).
 */
export class Migration20261217000100ItemSessionTally extends Migration {
  override name = 'Migration20261217000100_item_session_tally';

  override up(): void {
    this.addSql(
      `create table "therapy"."item_session_tally" (
        "item_id" uuid not null references "therapy"."sub_plan_item" ("id") on delete cascade,
        "phase" int not null,
        "session_id" uuid not null references "therapy"."session" ("id") on delete cascade,
        "first_at" timestamptz not null,
        "first_id" uuid not null,
        "first_result" varchar(3) not null,
        "last_at" timestamptz not null,
        "yes" int not null,
        "trials" int not null,
        primary key ("item_id", "phase", "session_id")
      )`,
    );
    this.addSql(
      'create index "item_session_tally_session_idx" on "therapy"."item_session_tally" ("session_id")',
    );

    this.addSql(
      `create function "therapy"."count_item_trials_again"("items" uuid[]) returns void language plpgsql as $$
       begin
         perform 1 from "therapy"."sub_plan_item" i where i."id" = any("items") order by i."id" for update;
         delete from "therapy"."item_session_tally" t where t."item_id" = any("items");
         insert into "therapy"."item_session_tally" ${COLUMNS}
         select e."item_id", width_bucket(date_trunc('milliseconds', e."captured_at"), coalesce(p."starts", '{}')),
                e."session_id", min(e."captured_at"), (array_agg(e."id" order by e."captured_at", e."id"))[1],
                (array_agg(e."result" order by e."captured_at", e."id"))[1], max(e."captured_at"),
                count(*) filter (where e."result" = 'YES'), count(*)
           from "therapy"."item_evaluation" e
           left join (select h."item_id", array_agg(date_trunc('milliseconds', h."at") order by h."at") as "starts"
                        from "therapy"."item_status_change" h where h."item_id" = any("items")
                       group by h."item_id") p on p."item_id" = e."item_id"
          where e."item_id" = any("items")
            and exists (select 1 from "therapy"."session" s where s."id" = e."session_id")
          group by 1, 2, 3;
       end $$`,
    );
    this.addSql(
      `create function "therapy"."tally_added_trial"() returns trigger language plpgsql as $$
       begin
         insert into "therapy"."item_session_tally" as t ${COLUMNS}
         values (new."item_id",
                 (select count(*) from "therapy"."item_status_change" h
                   where h."item_id" = new."item_id"
                     and date_trunc('milliseconds', h."at") <= date_trunc('milliseconds', new."captured_at")),
                 new."session_id", new."captured_at", new."id", new."result", new."captured_at",
                 case when new."result" = 'YES' then 1 else 0 end, 1)
         on conflict ("item_id", "phase", "session_id") do update set
           "first_at" = least(t."first_at", excluded."first_at"),
           "first_id" = case when (excluded."first_at", excluded."first_id") < (t."first_at", t."first_id")
                             then excluded."first_id" else t."first_id" end,
           "first_result" = case when (excluded."first_at", excluded."first_id") < (t."first_at", t."first_id")
                                 then excluded."first_result" else t."first_result" end,
           "last_at" = greatest(t."last_at", excluded."last_at"),
           "yes" = t."yes" + excluded."yes",
           "trials" = t."trials" + 1;
         return null;
       end $$`,
    );
    this.addSql(
      `create function "therapy"."tally_changed_items"() returns trigger language plpgsql as $$
       begin
         perform "therapy"."count_item_trials_again"(array(
           select "item_id" from "changed" where "item_id" in (select i."id" from "therapy"."sub_plan_item" i)));
         return null;
       end $$`,
    );
    // Only what a count reads: a trial's plan set to null by the plan's delete, or its arrival back-dated, is no change.
    this.addSql(
      `create function "therapy"."tally_corrected_trials"() returns trigger language plpgsql as $$
       begin
         perform "therapy"."count_item_trials_again"(array(
           select distinct x."item_id"
             from "before" b join "after" a on a."id" = b."id",
                  lateral (values (b."item_id"), (a."item_id")) x("item_id")
            where (b."item_id", b."session_id", b."captured_at", b."result")
                  is distinct from (a."item_id", a."session_id", a."captured_at", a."result")
              and x."item_id" in (select i."id" from "therapy"."sub_plan_item" i)));
         return null;
       end $$`,
    );
    this.addSql(
      `create trigger "item_evaluation_tally_insert" after insert on "therapy"."item_evaluation"
         for each row execute function "therapy"."tally_added_trial"()`,
    );
    this.addSql(
      `create trigger "item_evaluation_tally_update" after update on "therapy"."item_evaluation"
         referencing old table as "before" new table as "after"
         for each statement execute function "therapy"."tally_corrected_trials"()`,
    );
    for (const [table, events] of [
      ['item_evaluation', ['delete']],
      ['item_status_change', ['insert', 'update', 'delete']],
    ] as const) {
      for (const event of events) {
        this.addSql(
          `create trigger "${table}_tally_${event}" after ${event} on "therapy"."${table}"
             referencing ${event === 'insert' ? 'new' : 'old'} table as "changed"
             for each statement execute function "therapy"."tally_changed_items"()`,
        );
      }
    }
    this.addSql(
      `select "therapy"."count_item_trials_again"(array(select i."id" from "therapy"."sub_plan_item" i))`,
    );
  }
}
