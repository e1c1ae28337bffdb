import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions (issue 15): a span of one user's work with one child. Every evaluation, behaviour occurrence and ABC entry
 * names its session and the time it was captured on the device (`captured_at`; the server's `created_at` is when it
 * arrived, which differs for data a phone kept offline). A child has a time zone: its local days group the data.
 *
 * Data recorded before sessions existed gets the sessions the rule would have opened for it: per child and user, a
 * new implicit session at each activity that follows the previous one by 30 minutes or more, ended one minute after
 * its last activity. Its role is the user's role in the directory (the owner's is PARENT, anyone else's THERAPIST,
 * for a user the directory does not know).
 */
export class Migration20261215000100Sessions extends Migration {
  override name = 'Migration20261215000100_sessions';

  override up(): void {
    this.addSql(
      `alter table "therapy"."child" add column "time_zone" varchar(64) not null default 'Europe/Bucharest'`,
    );
    this.addSql(
      `create table "therapy"."session" (
        "id" uuid not null primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "user_id" uuid not null,
        "role" varchar(16) not null check ("role" in ('PARENT', 'THERAPIST', 'COORDINATOR')),
        "setting" varchar(8) null check ("setting" in ('CLINIC', 'HOME', 'SCHOOL', 'ONLINE', 'OTHER')),
        "implicit" boolean not null,
        "started_at" timestamptz not null,
        "last_activity_at" timestamptz not null,
        "ended_at" timestamptz null
      )`,
    );
    // A child's sessions by start (the session list); the user's open session with the child (every capture).
    this.addSql(
      'create index "session_child_started_idx" on "therapy"."session" ("child_id", "started_at" desc)',
    );
    this.addSql(
      `create index "session_open_idx" on "therapy"."session" ("child_id", "user_id", "last_activity_at" desc)
        where "ended_at" is null`,
    );
    // The idle sweep: open sessions, oldest activity first.
    this.addSql(
      'create index "session_idle_idx" on "therapy"."session" ("last_activity_at") where "ended_at" is null',
    );

    for (const table of ['item_evaluation', 'behavior_tracking', 'behavior_abc']) {
      this.addSql(
        `alter table "therapy"."${table}" add column "session_id" uuid null
          references "therapy"."session" ("id") on delete cascade`,
      );
      this.addSql(`create index "${table}_session_idx" on "therapy"."${table}" ("session_id")`);
    }
    this.addSql(`alter table "therapy"."item_evaluation" add column "captured_at" timestamptz null`);
    this.addSql(`update "therapy"."item_evaluation" set "captured_at" = "created_at"`);
    this.addSql(`alter table "therapy"."item_evaluation" alter column "captured_at" set not null`);
    // An item's trials in capture order (progress, mastery decisions).
    this.addSql(
      'create index "item_evaluation_item_captured_idx" on "therapy"."item_evaluation" ("item_id", "captured_at", "id")',
    );

    this.addSql(
      `with "activity" as (
         select e."child_id", e."user_id", e."created_at" as "at" from "therapy"."item_evaluation" e
         union all
         select b."child_id", t."logged_by", t."date_logged" from "therapy"."behavior_tracking" t
           join "therapy"."behavior" b on b."id" = t."behavior_id"
         union all
         select b."child_id", a."created_by", a."created_at" from "therapy"."behavior_abc" a
           join "therapy"."behavior" b on b."id" = a."behavior_id"
       ),
       "marked" as (
         select *, case when "at" - lag("at") over "w" < interval '30 minutes' then 0 else 1 end as "starts"
           from "activity" window "w" as (partition by "child_id", "user_id" order by "at")
       ),
       "numbered" as (
         select *, sum("starts") over (partition by "child_id", "user_id" order by "at" rows unbounded preceding) as "n"
           from "marked"
       )
       insert into "therapy"."session"
         ("id", "child_id", "user_id", "role", "implicit", "started_at", "last_activity_at", "ended_at")
       select gen_random_uuid(), s."child_id", s."user_id",
              coalesce(
                (select u."role" from "therapy"."directory_user" u
                  where u."id" = s."user_id" and u."role" in ('PARENT', 'THERAPIST', 'COORDINATOR')),
                case when c."owner_id" = s."user_id" then 'PARENT' else 'THERAPIST' end),
              true, s."first", s."last", s."last" + interval '1 minute'
         from (select "child_id", "user_id", min("at") as "first", max("at") as "last"
                 from "numbered" group by "child_id", "user_id", "n") s
         join "therapy"."child" c on c."id" = s."child_id"`,
    );
    this.addSql(
      `update "therapy"."item_evaluation" e set "session_id" = s."id" from "therapy"."session" s
        where s."child_id" = e."child_id" and s."user_id" = e."user_id"
          and e."created_at" between s."started_at" and s."last_activity_at"`,
    );
    this.addSql(
      `update "therapy"."behavior_tracking" t set "session_id" = s."id"
         from "therapy"."behavior" b, "therapy"."session" s
        where b."id" = t."behavior_id" and s."child_id" = b."child_id" and s."user_id" = t."logged_by"
          and t."date_logged" between s."started_at" and s."last_activity_at"`,
    );
    this.addSql(
      `update "therapy"."behavior_abc" a set "session_id" = s."id"
         from "therapy"."behavior" b, "therapy"."session" s
        where b."id" = a."behavior_id" and s."child_id" = b."child_id" and s."user_id" = a."created_by"
          and a."created_at" between s."started_at" and s."last_activity_at"`,
    );
    for (const table of ['item_evaluation', 'behavior_tracking', 'behavior_abc']) {
      this.addSql(`alter table "therapy"."${table}" alter column "session_id" set not null`);
    }
  }
}
