import { Migration } from '@mikro-orm/migrations';

/**
 * Mastery (issue 15): criteria set per child, sub-plan or item (an absent level inherits the next one, ending with the
 * platform default), every status change of an item with its evidence (append-only), and the suggestions a CONFIRM
 * rule makes for the owner and coordinators to accept or reject.
 *
 * Items whose status moved before history existed get one change at their last update, by hand, with no evidence:
 * their phases start there.
 */
export class Migration20261216000100Mastery extends Migration {
  override name = 'Migration20261216000100_mastery';

  override up(): void {
    this.addSql(
      `create table "therapy"."mastery_criterion" (
        "id" uuid not null primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "sub_plan_id" uuid null references "therapy"."sub_plan" ("id") on delete cascade,
        "item_id" uuid null references "therapy"."sub_plan_item" ("id") on delete cascade,
        "criterion" jsonb not null,
        "updated_by" uuid not null,
        "updated_at" timestamptz not null default now(),
        constraint "mastery_criterion_one_level" check ("sub_plan_id" is null or "item_id" is null)
      )`,
    );
    this.addSql(
      `create unique index "mastery_criterion_child_unique" on "therapy"."mastery_criterion" ("child_id")
        where "sub_plan_id" is null and "item_id" is null`,
    );
    this.addSql(
      'create unique index "mastery_criterion_sub_plan_unique" on "therapy"."mastery_criterion" ("sub_plan_id")',
    );
    this.addSql('create unique index "mastery_criterion_item_unique" on "therapy"."mastery_criterion" ("item_id")');

    this.addSql(
      `create table "therapy"."item_status_change" (
        "id" uuid not null primary key,
        "item_id" uuid not null references "therapy"."sub_plan_item" ("id") on delete cascade,
        "from_status" varchar(24) not null,
        "status" varchar(24) not null
          check ("status" in ('IN_LEARNING', 'IN_GENERALIZATION', 'FINISHED')),
        "at" timestamptz not null,
        "mode" varchar(10) not null check ("mode" in ('AUTO', 'CONFIRMED', 'MANUAL')),
        "actor_id" uuid null,
        "reason" varchar(32) null,
        "evidence" jsonb null
      )`,
    );
    this.addSql(
      'create index "item_status_change_item_at_idx" on "therapy"."item_status_change" ("item_id", "at", "id")',
    );
    this.addSql(
      `insert into "therapy"."item_status_change" ("id", "item_id", "from_status", "status", "at", "mode")
       select gen_random_uuid(), i."id", 'IN_LEARNING', i."status", i."updated_at", 'MANUAL'
         from "therapy"."sub_plan_item" i where i."status" <> 'IN_LEARNING'`,
    );

    this.addSql(
      `create table "therapy"."mastery_suggestion" (
        "id" uuid not null primary key,
        "item_id" uuid not null references "therapy"."sub_plan_item" ("id") on delete cascade,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "from_status" varchar(24) not null,
        "to_status" varchar(24) not null,
        "state" varchar(10) not null default 'PENDING' check ("state" in ('PENDING', 'ACCEPTED', 'REJECTED')),
        "evidence" jsonb not null,
        "created_at" timestamptz not null default now(),
        "decided_by" uuid null,
        "decided_at" timestamptz null,
        "reason" varchar(32) null
      )`,
    );
    // At most one pending suggestion per item; a child's pending list.
    this.addSql(
      `create unique index "mastery_suggestion_pending_unique" on "therapy"."mastery_suggestion" ("item_id")
        where "state" = 'PENDING'`,
    );
    this.addSql(
      `create index "mastery_suggestion_child_idx" on "therapy"."mastery_suggestion" ("child_id", "created_at")
        where "state" = 'PENDING'`,
    );
  }
}
