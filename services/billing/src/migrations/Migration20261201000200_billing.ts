import { Migration } from '@mikro-orm/migrations';

/** Subscriptions, licence uses, processed Stripe events and the user/child projections. */
export class Migration20261201000200Billing extends Migration {
  override name = 'Migration20261201000200_billing';

  override up(): void {
    this.addSql(`create table "billing"."billing_user" (
      "id" uuid not null primary key,
      "email" varchar(320) not null,
      "first_name" varchar(255) not null,
      "last_name" varchar(255) not null
    )`);
    // Not unique: identity guarantees it, and a projection must not refuse an event delivered out of order.
    this.addSql('create index "billing_user_email_idx" on "billing"."billing_user" ("email")');

    this.addSql(`create table "billing"."child" (
      "id" uuid not null primary key,
      "owner_id" uuid not null,
      "first_name" varchar(255) not null,
      "last_name" varchar(255) not null,
      "deleted" boolean not null default false
    )`);
    this.addSql('create index "child_owner_id_idx" on "billing"."child" ("owner_id")');

    this.addSql(`create table "billing"."child_access" (
      "child_id" uuid not null,
      "user_id" uuid not null,
      "access_type" varchar(16) not null check ("access_type" in ('ADMIN', 'THERAPIST')),
      primary key ("child_id", "user_id")
    )`);
    this.addSql('create index "child_access_user_id_idx" on "billing"."child_access" ("user_id")');

    this.addSql(`create table "billing"."subscription" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "quantity" integer not null check ("quantity" >= 0),
      "status" varchar(16) not null check ("status" in ('active', 'canceled', 'paused')),
      "stripe_customer_id" varchar(255) null,
      "stripe_subscription_id" varchar(255) null,
      "created_at" timestamptz not null,
      "last_update" timestamptz not null,
      "stripe_updated_at" timestamptz null,
      constraint "subscription_stripe_subscription_id_unique" unique ("stripe_subscription_id")
    )`);
    this.addSql('create index "subscription_user_id_idx" on "billing"."subscription" ("user_id", "status")');
    this.addSql(
      'create index "subscription_stripe_customer_id_idx" on "billing"."subscription" ("stripe_customer_id") where "stripe_customer_id" is not null',
    );
    this.addSql(
      'create index "subscription_created_at_idx" on "billing"."subscription" ("created_at" desc, "id" desc)',
    );

    this.addSql(`create table "billing"."child_subscription" (
      "id" uuid not null primary key,
      "subscription_id" uuid not null references "billing"."subscription" ("id") on delete cascade,
      "child_id" uuid not null,
      "status" varchar(16) not null check ("status" in ('active', 'inactive')),
      "assigned_by" uuid not null,
      "assigned_at" timestamptz not null,
      "revoked_at" timestamptz null,
      "revoked_reason" varchar(32) null check ("revoked_reason" in ('removed', 'subscription_inactive', 'quantity_reduced', 'child_deleted')),
      constraint "child_subscription_revoked" check (("status" = 'active') = ("revoked_at" is null))
    )`);
    // The licence rule: a child holds at most one active licence.
    this.addSql(
      `create unique index "child_subscription_one_active_per_child" on "billing"."child_subscription" ("child_id") where "status" = 'active'`,
    );
    this.addSql(
      'create index "child_subscription_subscription_id_idx" on "billing"."child_subscription" ("subscription_id", "status", "assigned_at")',
    );
    this.addSql(
      'create index "child_subscription_child_id_idx" on "billing"."child_subscription" ("child_id")',
    );

    this.addSql(`create table "billing"."stripe_event" (
      "id" varchar(255) not null primary key,
      "type" varchar(255) not null,
      "processed_at" timestamptz not null default now()
    )`);
  }
}
