import { Migration } from '@mikro-orm/migrations';

/** No foreign key to the child: billing's events may arrive before therapy knows the child, or after it is gone. */
export class Migration20261123000200ChildLicences extends Migration {
  override name = 'Migration20261123000200_child_licences';

  override up(): void {
    this.addSql(
      'create table "therapy"."child_licence" ("child_subscription_id" uuid not null primary key, "child_id" uuid not null, "assigned_at" timestamptz not null)',
    );
    this.addSql('create index "child_licence_child_id_idx" on "therapy"."child_licence" ("child_id")');
  }
}
