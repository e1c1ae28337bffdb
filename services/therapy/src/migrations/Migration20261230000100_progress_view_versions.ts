import { Migration } from '@mikro-orm/migrations';
import { moveVersionOf, viewVersionTriggerSql, type ChildOfRow } from './view-version-triggers.js';

/** By table, how a written row names the child whose version it moves. */
const CHILD_OF_ROW: Record<string, ChildOfRow> = {
  item_status_change: {
    by: 'item_id',
    childOf: (row) =>
      `(select s."child_id" from "therapy"."sub_plan_item" i join "therapy"."sub_plan" s on s."id" = i."sub_plan_id"
         where i."id" = ${row}."item_id")`,
  },
  mastery_criterion: { by: 'child_id', childOf: (row) => `${row}."child_id"` },
  mastery_suggestion: { by: 'child_id', childOf: (row) => `${row}."child_id"` },
  child: { by: 'id', childOf: (row) => `${row}."id"` },
};

/**
 * The child's view version also moves with every write an item's progress shows beyond the plan views' (ADR 0063):
 * its status history, the criteria set for it, its sub-plan and its child, its suggestions, the child's time zone, and
 * a session's person or role. A session's other writes move nothing: a point's time is its first trial's, and the
 * span's moves, a write of most captures (ADR 0062), show nowhere.
 */
export class Migration20261230000100ProgressViewVersions extends Migration {
  override name = 'Migration20261230000100_progress_view_versions';

  override up(): void {
    for (const [table, childOfRow] of Object.entries(CHILD_OF_ROW)) {
      for (const sql of viewVersionTriggerSql(table, childOfRow)) this.addSql(sql);
    }
    this.addSql(
      `create function "therapy"."session_moves_view_version"() returns trigger language plpgsql as $$
         begin
           ${moveVersionOf('new."child_id"')};
           return null;
         end $$`,
    );
    this.addSql(
      `create constraint trigger "session_view_version" after update on "therapy"."session"
         deferrable initially deferred for each row
         when ((old."user_id", old."role") is distinct from (new."user_id", new."role"))
         execute function "therapy"."session_moves_view_version"()`,
    );
  }
}
