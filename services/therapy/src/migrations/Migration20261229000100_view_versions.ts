import { Migration } from '@mikro-orm/migrations';

/** Every user's names: a change to `directory_user` moves this row, which every child's version adds. */
const EVERY_CHILD = '00000000-0000-0000-0000-000000000000';

/**
 * `view_version`: a number per child that every committed write to what a plan's detailed view shows moves on (its
 * plans, sub-plans and their links, items, trials; the authors' names move `EVERY_CHILD`'s), so that a replica may
 * keep a view it built and know, by one small read, whether it is still what Postgres would build (ADR 0060).
 *
 * Triggers move it, so that no writer can forget to (the API, the runner's back-dating, a child's erasure or restore,
 * test harnesses): deferred constraint triggers, run at the commit, so that a trial holds the child's row only while
 * its transaction commits, not while the mastery rule decides. A transaction moves a child's version once
 * (`moved_by`, its id): its other rows find the row moved already, so that a statement writing thousands of rows (a
 * child's erasure, the back-dating of a seed) does not update one row thousands of times.
 */
export class Migration20261229000100ViewVersions extends Migration {
  override name = 'Migration20261229000100_view_versions';

  override up(): void {
    this.addSql(
      `create table "therapy"."view_version" (
        "child_id" uuid primary key,
        "version" bigint not null,
        "moved_by" xid8 not null
      )`,
    );
    this.addSql(
      `create function "therapy"."view_version_of"("source" name, "written" jsonb) returns uuid
         language sql stable as $$
         select case "source"
                  when 'sub_plan_item' then (select s."child_id" from "therapy"."sub_plan" s
                                              where s."id" = ("written"->>'sub_plan_id')::uuid)
                  when 'plan_sub_plan' then (select p."child_id" from "therapy"."plan" p
                                              where p."id" = ("written"->>'plan_id')::uuid)
                  when 'directory_user' then '${EVERY_CHILD}'::uuid
                  else ("written"->>'child_id')::uuid
                end
       $$`,
    );
    this.addSql(
      `create function "therapy"."move_view_version"() returns trigger language plpgsql as $$
       declare
         "children" uuid[] := '{}';
       begin
         if tg_op <> 'DELETE' then
           "children" := "children" || "therapy"."view_version_of"(tg_table_name, to_jsonb(new));
         end if;
         if tg_op <> 'INSERT' then
           "children" := "children" || "therapy"."view_version_of"(tg_table_name, to_jsonb(old));
         end if;
         insert into "therapy"."view_version" as v ("child_id", "version", "moved_by")
         select distinct c, 1, pg_current_xact_id() from unnest("children") c where c is not null
         on conflict ("child_id") do update set "version" = v."version" + 1, "moved_by" = excluded."moved_by"
          where v."moved_by" <> excluded."moved_by";
         return null;
       end $$`,
    );
    for (const table of [
      'plan',
      'sub_plan',
      'plan_sub_plan',
      'sub_plan_item',
      'item_evaluation',
      'directory_user',
    ]) {
      this.addSql(
        `create constraint trigger "${table}_view_version" after insert or update or delete on "therapy"."${table}"
           deferrable initially deferred for each row execute function "therapy"."move_view_version"()`,
      );
    }
  }
}
