import { Migration } from '@mikro-orm/migrations';

/**
 * Histories, charts and the latest evaluations read a trial at its capture time, not when it reached the server (a
 * phone offline sends hours later: issue 16). The item's index on capture time (`item_evaluation_item_captured_idx`,
 * read backwards for the latest) replaces the one on arrival; the child's chart and cascade read a new one.
 */
export class Migration20261219000100EvaluationsByCaptureTime extends Migration {
  override name = 'Migration20261219000100_evaluations_by_capture_time';

  override up(): void {
    this.addSql('drop index "therapy"."item_evaluation_item_created_idx"');
    this.addSql(
      'create index "item_evaluation_child_captured_idx" on "therapy"."item_evaluation" ("child_id", "captured_at", "id")',
    );
    this.addSql('drop index "therapy"."item_evaluation_child_created_idx"');
  }
}
