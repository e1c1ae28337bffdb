import { Migration } from '@mikro-orm/migrations';

/**
 * Behaviour occurrences and ABC entries keep when they reached the server (`received_at`) beside when they were
 * captured on the device (`date_logged`, `created_at`), as evaluations do (issue 16: a phone may send hours later).
 * Rows written before this arrived when they were captured, as far as anyone knows.
 */
export class Migration20261218000100ReceivedAt extends Migration {
  override name = 'Migration20261218000100_received_at';

  override up(): void {
    for (const [table, captured] of [
      ['behavior_tracking', 'date_logged'],
      ['behavior_abc', 'created_at'],
    ] as const) {
      this.addSql(`alter table "therapy"."${table}" add column "received_at" timestamptz null`);
      this.addSql(`update "therapy"."${table}" set "received_at" = "${captured}"`);
      this.addSql(
        `alter table "therapy"."${table}" alter column "received_at" set default now(),
           alter column "received_at" set not null`,
      );
    }
  }
}
