import { Migration } from '@mikro-orm/migrations';

/**
 * An erased account (`identity.user.deleted.v1`, issue 17, ADR 0049) stays in billing's copy of users as a tombstone
 * without its e-mail and names, so that a late `registered` or `updated` cannot bring them back.
 */
export class Migration20261231000100ErasedUsers extends Migration {
  override name = 'Migration20261231000100_erased_users';

  override up(): void {
    this.addSql(`alter table "billing"."billing_user" add column "deleted" boolean not null default false`);
  }
}
