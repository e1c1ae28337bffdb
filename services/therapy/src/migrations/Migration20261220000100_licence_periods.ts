import { Migration } from '@mikro-orm/migrations';

/**
 * A licence billing takes back is kept with when it ended (`ended_at`) instead of being deleted: a capture a phone
 * kept offline and sends after the end is accepted when it was captured before it (issue 16). A row with no end is a
 * licence the child holds.
 */
export class Migration20261220000100LicencePeriods extends Migration {
  override name = 'Migration20261220000100_licence_periods';

  override up(): void {
    this.addSql(`alter table "therapy"."child_licence" add column "ended_at" timestamptz null`);
  }
}
