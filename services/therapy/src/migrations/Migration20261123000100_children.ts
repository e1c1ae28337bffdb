import { Migration } from '@mikro-orm/migrations';

/**
 * Children and their teams. Everything that belongs to a child refers to it with `on delete cascade`, so deleting
 * the child deletes its data (helpers now; plans, behaviours … as later migrations add them).
 */
export class Migration20261123000100Children extends Migration {
  override name = 'Migration20261123000100_children';

  override up(): void {
    this.addSql(
      `create table "therapy"."child" (
        "id" uuid not null primary key,
        "first_name" varchar(100) not null,
        "last_name" varchar(100) not null,
        "date_of_birth" date not null,
        "owner_id" uuid not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`,
    );
    // Children a user owns.
    this.addSql('create index "child_owner_id_idx" on "therapy"."child" ("owner_id")');

    this.addSql(
      `create table "therapy"."child_helper" (
        "id" uuid not null primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "user_id" uuid null,
        "email" varchar(320) not null,
        "access_type" varchar(16) not null check ("access_type" in ('ADMIN', 'THERAPIST')),
        "status" varchar(16) not null check ("status" in ('ACTIVE', 'PENDING')),
        "invited_by" uuid not null,
        "created_at" timestamptz not null default now(),
        constraint "child_helper_active_has_user" check ("status" = 'PENDING' or "user_id" is not null)
      )`,
    );
    // Helpers of a child (leading column), one row per e-mail per child.
    this.addSql(
      'create unique index "child_helper_child_email_unique" on "therapy"."child_helper" ("child_id", "email")',
    );
    // One relation per user per child; also the access check's lookup (child, user).
    this.addSql(
      'create unique index "child_helper_child_user_unique" on "therapy"."child_helper" ("child_id", "user_id") where "user_id" is not null',
    );
    // Children a user helps with.
    this.addSql(
      'create index "child_helper_user_idx" on "therapy"."child_helper" ("user_id") where "user_id" is not null',
    );
    // Pending invites resolved when someone registers with that e-mail.
    this.addSql(
      'create index "child_helper_pending_email_idx" on "therapy"."child_helper" ("email") where "status" = \'PENDING\'',
    );
  }
}
