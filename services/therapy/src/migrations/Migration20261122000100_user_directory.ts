import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100UserDirectory extends Migration {
  override name = 'Migration20261122000100_user_directory';

  override up(): void {
    this.addSql(
      'create table "therapy"."directory_user" ("id" uuid not null primary key, "email" varchar(320) not null, "first_name" varchar(255) not null, "last_name" varchar(255) not null, "role" varchar(32) not null)',
    );
    this.addSql('create unique index "directory_user_email_idx" on "therapy"."directory_user" ("email")');
  }
}
