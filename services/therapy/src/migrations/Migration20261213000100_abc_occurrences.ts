import { Migration } from '@mikro-orm/migrations';

/**
 * An ABC entry is an occurrence of its behaviour (ADR 0019): each new entry names the tracking entry it counts as,
 * at most one entry per occurrence. Entries logged before have none (whether their occurrence was also logged
 * cannot be known, so none is invented).
 */
export class Migration20261213000100AbcOccurrences extends Migration {
  override name = 'Migration20261213000100_abc_occurrences';

  override up(): void {
    this.addSql(
      `alter table "therapy"."behavior_abc" add column "tracking_id" uuid null
        references "therapy"."behavior_tracking" ("id") on delete set null`,
    );
    this.addSql('create unique index "behavior_abc_tracking_unique" on "therapy"."behavior_abc" ("tracking_id")');
  }
}
