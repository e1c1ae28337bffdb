import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail of each child's data (issue 17, ADR 0047). `audit_entry` says who changed what and when, with ids
 * only: it outlives the child's erasure and its authors' accounts, and therapy's own role may add to it, never change
 * or remove it. `audit_detail` holds an entry's changed fields before and after (names, e-mails, descriptions): it goes
 * with the child (`on delete cascade`) and can be removed, not rewritten.
 *
 * The entry table has no foreign keys, and no table refers to it: a foreign key's check locks the row it refers to,
 * which needs the UPDATE privilege revoked here.
 */
export class Migration20261224000100AuditTrail extends Migration {
  override name = 'Migration20261224000100_audit_trail';

  override up(): void {
    this.addSql(
      `create table "therapy"."audit_entry" (
        "seq" bigint generated always as identity primary key,
        "id" uuid not null unique,
        "child_id" uuid not null,
        "at" timestamptz not null default now(),
        "actor_id" uuid null,
        "kind" varchar(32) not null,
        "entity_id" uuid null
      )`,
    );
    this.addSql('create index "audit_entry_child_idx" on "therapy"."audit_entry" ("child_id", "seq" desc)');
    this.addSql(
      'create index "audit_entry_child_actor_idx" on "therapy"."audit_entry" ("child_id", "actor_id", "seq" desc)',
    );
    this.addSql(
      `create table "therapy"."audit_detail" (
        "entry_id" uuid not null primary key,
        "child_id" uuid not null references "therapy"."child" ("id") on delete cascade,
        "before" jsonb null,
        "after" jsonb null
      )`,
    );
    this.addSql('create index "audit_detail_child_idx" on "therapy"."audit_detail" ("child_id")');
    this.addSql('revoke update, delete, truncate on "therapy"."audit_entry" from current_user');
    this.addSql('revoke update, truncate on "therapy"."audit_detail" from current_user');
  }
}
