import { Migration } from '@mikro-orm/migrations';

/**
 * A deleted child is marked, not erased (ADR 0021): its owner can restore it for `CHILD_RESTORE_DAYS`, then
 * therapy's housekeeping erases it with everything that belongs to it.
 */
export class Migration20261214000100DeletedChildren extends Migration {
  override name = 'Migration20261214000100_deleted_children';

  override up(): void {
    this.addSql('alter table "therapy"."child" add column "deleted_at" timestamptz null');
    // The owner's deleted children, and the erase sweep's oldest first.
    this.addSql(
      'create index "child_deleted_at_idx" on "therapy"."child" ("deleted_at") where "deleted_at" is not null',
    );
  }
}
