import { Migration } from '@mikro-orm/migrations';

/** Users, sessions, one-time tokens, login failures and the user_child projection. */
export class Migration20261201000100Accounts extends Migration {
  override name = 'Migration20261201000100_accounts';

  override up(): void {
    this.addSql(`create table "identity"."user_account" (
      "id" uuid not null primary key,
      "email" varchar(320) not null,
      "first_name" varchar(100) not null,
      "last_name" varchar(100) not null,
      "phone" varchar(40) not null,
      "role" varchar(16) not null check ("role" in ('ADMIN', 'PARENT', 'THERAPIST', 'COORDINATOR')),
      "password_hash" varchar(255) not null,
      "active" boolean not null default false,
      "language" varchar(2) not null default 'ro' check ("language" in ('ro', 'en')),
      "registered_at" timestamptz not null default now(),
      constraint "user_account_email_normalised" check ("email" = lower(btrim("email")))
    )`);
    this.addSql('create unique index "user_account_email_unique" on "identity"."user_account" ("email")');
    // The admin list: newest first, paged.
    this.addSql(
      'create index "user_account_registered_at_idx" on "identity"."user_account" ("registered_at" desc, "id" desc)',
    );

    this.addSql(`create table "identity"."session" (
      "id" char(64) not null primary key,
      "user_id" uuid not null references "identity"."user_account" ("id") on delete cascade,
      "created_at" timestamptz not null,
      "last_seen_at" timestamptz not null,
      "expires_at" timestamptz not null
    )`);
    this.addSql('create index "session_user_id_idx" on "identity"."session" ("user_id")');
    this.addSql('create index "session_expires_at_idx" on "identity"."session" ("expires_at")');

    this.addSql(`create table "identity"."one_time_token" (
      "id" char(64) not null primary key,
      "kind" varchar(16) not null check ("kind" in ('activation', 'reset', 'invite')),
      "user_id" uuid null references "identity"."user_account" ("id") on delete cascade,
      "email" varchar(320) null,
      "child_id" uuid null,
      "access_type" varchar(16) null check ("access_type" in ('ADMIN', 'THERAPIST')),
      "invited_by" uuid null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      constraint "one_time_token_owner" check (
        ("kind" = 'invite' and "email" is not null and "user_id" is null)
        or ("kind" <> 'invite' and "user_id" is not null)
      )
    )`);
    this.addSql(
      'create index "one_time_token_user_id_idx" on "identity"."one_time_token" ("user_id", "kind")',
    );
    this.addSql(
      `create index "one_time_token_invite_email_idx" on "identity"."one_time_token" ("email") where "kind" = 'invite'`,
    );
    this.addSql('create index "one_time_token_expires_at_idx" on "identity"."one_time_token" ("expires_at")');

    this.addSql(`create table "identity"."login_failure" (
      "id" bigint generated always as identity primary key,
      "scope" varchar(8) not null check ("scope" in ('account', 'ip')),
      "key" varchar(320) not null,
      "failed_at" timestamptz not null
    )`);
    this.addSql(
      'create index "login_failure_key_idx" on "identity"."login_failure" ("scope", "key", "failed_at")',
    );
    this.addSql('create index "login_failure_failed_at_idx" on "identity"."login_failure" ("failed_at")');

    this.addSql(`create table "identity"."user_child" (
      "user_id" uuid not null,
      "child_id" uuid not null,
      "since" timestamptz not null,
      primary key ("user_id", "child_id")
    )`);
    this.addSql(
      'create index "user_child_first_idx" on "identity"."user_child" ("user_id", "since", "child_id")',
    );
    this.addSql('create index "user_child_child_id_idx" on "identity"."user_child" ("child_id")');
  }
}
