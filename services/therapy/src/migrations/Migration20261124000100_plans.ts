import { Migration } from '@mikro-orm/migrations';

/**
 * Plans, sub-plans, their many-to-many link, items and evaluations. Everything refers to the child with
 * `on delete cascade`. Deleting a plan drops only its links (its sub-plans stay; evaluations made in it keep the
 * item and lose the plan); deleting a sub-plan deletes its links, its items and their evaluations.
 */
export class Migration20261124000100Plans extends Migration {
  override name = 'Migration20261124000100_plans';

  override up(): void {
    for (const table of ['plan', 'sub_plan']) {
      this.addSql(
        `create table "therapy"."${table}" (
          "id" uuid not null primary key,
          "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
          "name" varchar(100) not null,
          "description" varchar(2000) not null,
          "status" varchar(16) not null default 'ACTIVE' check ("status" in ('ACTIVE', 'INACTIVE', 'COMPLETED')),
          "created_at" timestamptz not null default now(),
          "updated_at" timestamptz not null default now()
        )`,
      );
      // A child's plans (lists, optionally by status) and the child's cascade.
      this.addSql(`create index "${table}_child_status_idx" on "therapy"."${table}" ("child_id", "status")`);
    }

    this.addSql(
      `create table "therapy"."plan_sub_plan" (
        "plan_id" uuid not null references "therapy"."plan" ("id") on delete cascade,
        "sub_plan_id" uuid not null references "therapy"."sub_plan" ("id") on delete cascade,
        "created_at" timestamptz not null default now(),
        primary key ("plan_id", "sub_plan_id")
      )`,
    );
    // The plans a sub-plan is part of (and the sub-plan's cascade); the primary key serves plan → sub-plans.
    this.addSql('create index "plan_sub_plan_sub_plan_idx" on "therapy"."plan_sub_plan" ("sub_plan_id")');

    this.addSql(
      `create table "therapy"."sub_plan_item" (
        "id" uuid not null primary key,
        "sub_plan_id" uuid not null references "therapy"."sub_plan" ("id") on delete cascade,
        "description" varchar(500) not null,
        "status" varchar(24) not null default 'IN_LEARNING' check ("status" in ('IN_LEARNING', 'IN_GENERALIZATION', 'FINISHED')),
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`,
    );
    // A sub-plan's items, optionally by status (detailed views filter on it).
    this.addSql(
      'create index "sub_plan_item_sub_plan_status_idx" on "therapy"."sub_plan_item" ("sub_plan_id", "status")',
    );

    this.addSql(
      `create table "therapy"."item_evaluation" (
        "id" uuid not null primary key,
        "item_id" uuid not null references "therapy"."sub_plan_item" ("id") on delete cascade,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "plan_id" uuid null references "therapy"."plan" ("id") on delete set null,
        "result" varchar(3) not null check ("result" in ('YES', 'NO')),
        "user_id" uuid not null,
        "created_at" timestamptz not null default now()
      )`,
    );
    // An item's latest evaluations (detailed views: lateral `limit n`; history).
    this.addSql(
      'create index "item_evaluation_item_created_idx" on "therapy"."item_evaluation" ("item_id", "created_at" desc, "id" desc)',
    );
    // A child's evaluations by date (dashboard chart) and the child's cascade.
    this.addSql(
      'create index "item_evaluation_child_created_idx" on "therapy"."item_evaluation" ("child_id", "created_at")',
    );
    // The plan's `on delete set null`.
    this.addSql(
      'create index "item_evaluation_plan_idx" on "therapy"."item_evaluation" ("plan_id") where "plan_id" is not null',
    );
  }
}
