import { Migration } from '@mikro-orm/migrations';

/** Every helper added to a team, by whom and when: the daily limits on additions (and so on invite e-mails). */
export class Migration20261126000100HelperAdditions extends Migration {
  override name = 'Migration20261126000100_helper_additions';

  override up(): void {
    this.addSql(`create table "therapy"."helper_addition" (
      "id" bigint generated always as identity primary key,
      "child_id" uuid not null,
      "added_by" uuid not null,
      "added_at" timestamptz not null
    )`);
    this.addSql(
      'create index "helper_addition_added_by_idx" on "therapy"."helper_addition" ("added_by", "added_at")',
    );
    this.addSql(
      'create index "helper_addition_child_id_idx" on "therapy"."helper_addition" ("child_id", "added_at")',
    );
  }
}
