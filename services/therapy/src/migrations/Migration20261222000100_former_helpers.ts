import { Migration } from '@mikro-orm/migrations';

/**
 * Who left a child's team, as what and when (`former_helper`, written when an active helper is removed), so that a
 * capture their phone kept offline while they were on the team is still handed over when it arrives after (ADR 0044);
 * and why each capture needs attention (`needs_attention.reason`: its target was deleted, or its author's access
 * ended).
 */
export class Migration20261222000100FormerHelpers extends Migration {
  override name = 'Migration20261222000100_former_helpers';

  override up(): void {
    this.addSql(
      `create table "therapy"."former_helper" (
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "user_id" uuid not null,
        "access_type" varchar(10) not null,
        "left_at" timestamptz not null default now()
      )`,
    );
    this.addSql(
      'create index "former_helper_member_idx" on "therapy"."former_helper" ("child_id", "user_id", "left_at" desc)',
    );
    this.addSql(
      `alter table "therapy"."needs_attention" add column "reason" varchar(20) not null default 'TARGET_DELETED'`,
    );
  }
}
