import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations identity was asked to mail and has not mailed yet (ADR 0064): kept in the transaction that handles the
 * event, mailed after its commit, and by a sweep when the replica stopped first. No token is kept here: the link's
 * token is made when the e-mail is sent, in the transaction that removes the row.
 */
export class Migration20261231000100PendingInviteMails extends Migration {
  override name = 'Migration20261231000100_pending_invite_mails';

  override up(): void {
    this.addSql(`create table "identity"."pending_invite_mail" (
      "id" uuid not null primary key,
      "email" varchar(255) not null,
      "child_id" uuid not null,
      "access_type" varchar(16) not null,
      "invited_by" uuid not null,
      "child_first_name" varchar(255) null,
      "attempts" int not null default 0,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(
      'create index "pending_invite_mail_created_at_idx" on "identity"."pending_invite_mail" ("created_at")',
    );
    this.addSql(
      'create index "pending_invite_mail_child_idx" on "identity"."pending_invite_mail" ("child_id", "email")',
    );
    this.addSql('create index "pending_invite_mail_email_idx" on "identity"."pending_invite_mail" ("email")');
  }
}
