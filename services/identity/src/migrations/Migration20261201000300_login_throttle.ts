import { Migration } from '@mikro-orm/migrations';

/**
 * Login throttling per account and address (ADR 0013): failures keep both, the addresses each account logged in from
 * are remembered, and an account under attack hands out turns. Failures counted the old way are dropped (they only
 * matter for 15 minutes).
 */
export class Migration20261201000300LoginThrottle extends Migration {
  override name = 'Migration20261201000300_login_throttle';

  override up(): void {
    this.addSql('drop table "identity"."login_failure"');
    this.addSql(`create table "identity"."login_failure" (
      "id" bigint generated always as identity primary key,
      "account" varchar(320) not null,
      "address" varchar(64) not null,
      "failed_at" timestamptz not null
    )`);
    this.addSql(
      'create index "login_failure_account_idx" on "identity"."login_failure" ("account", "failed_at")',
    );
    this.addSql(
      'create index "login_failure_address_idx" on "identity"."login_failure" ("address", "failed_at")',
    );
    this.addSql('create index "login_failure_failed_at_idx" on "identity"."login_failure" ("failed_at")');

    this.addSql(`create table "identity"."login_known_address" (
      "account" varchar(320) not null,
      "address" varchar(64) not null,
      "last_success_at" timestamptz not null,
      primary key ("account", "address")
    )`);
    this.addSql(
      'create index "login_known_address_last_success_idx" on "identity"."login_known_address" ("last_success_at")',
    );

    this.addSql(`create table "identity"."login_pace" (
      "account" varchar(320) not null primary key,
      "next_attempt_at" timestamptz not null
    )`);
  }
}
