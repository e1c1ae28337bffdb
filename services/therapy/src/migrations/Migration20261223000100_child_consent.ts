import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's consent to each child's data (issue 17, ADR 0046): the consent text's version, who gave it and when, and
 * when (and by whom) it was withdrawn. Gone with the child.
 */
export class Migration20261223000100ChildConsent extends Migration {
  override name = 'Migration20261223000100_child_consent';

  override up(): void {
    this.addSql(
      `create table "therapy"."child_consent" (
        "child_id" uuid not null primary key references "therapy"."child" ("id") on delete cascade,
        "version" varchar(20) not null,
        "given_by" uuid not null,
        "given_at" timestamptz not null default now(),
        "withdrawn_at" timestamptz null,
        "withdrawn_by" uuid null
      )`,
    );
  }
}
