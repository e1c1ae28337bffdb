import { Migration } from '@mikro-orm/migrations';
import { EVERY_CHILD, viewVersionTriggerSql, type ChildOfRow } from './view-version-triggers.js';

/** By table, how a written row names the child whose version it moves. */
const CHILD_OF_ROW: Record<string, ChildOfRow> = {
  plan: { by: 'child_id', childOf: (row) => `${row}."child_id"` },
  sub_plan: { by: 'child_id', childOf: (row) => `${row}."child_id"` },
  item_evaluation: { by: 'child_id', childOf: (row) => `${row}."child_id"` },
  sub_plan_item: {
    by: 'sub_plan_id',
    childOf: (row) => `(select s."child_id" from "therapy"."sub_plan" s where s."id" = ${row}."sub_plan_id")`,
  },
  plan_sub_plan: {
    by: 'plan_id',
    childOf: (row) => `(select p."child_id" from "therapy"."plan" p where p."id" = ${row}."plan_id")`,
  },
  directory_user: { by: 'id', childOf: () => `'${EVERY_CHILD}'::uuid` },
};

/**
 * `view_version`: a number per child that every committed write to what a plan's detailed view shows moves on (its
 * plans, sub-plans and their links, items, trials; the authors' names move `EVERY_CHILD`'s), so that a replica may
 * keep a view it built and know, by one small read, whether it is still what Postgres would build (ADR 0060).
 *
 * Triggers move it, so that no writer can forget to (the API, the runner's back-dating, a child's erasure or restore,
 * test harnesses): deferred constraint triggers, run at the commit, so that a trial holds the child's row only while
 * its transaction commits, not while the mastery rule decides. A transaction moves a child's version once
 * (`moved_by`, its id): its other rows find the row moved already, so that a statement writing thousands of rows (a
 * child's erasure, the back-dating of a seed) does not update one row thousands of times. Each table has a function
 * of its own that names the child's column or lookup: one generic function turning the row into JSON for a SQL function
 * to pick the child from cost a trial's insert a third to a half of its throughput (pgbench, one insert a transaction,
 * 4 clients), these nothing measurable beside the noise. An update moves the child of its row as it was only when
 * the row changed child.
 *
 * A child's version is the sum of `SHARDS` rows, a transaction moving the one its id picks: the row it moves stays
 * locked until its commit has been flushed, so with one row the commits of a child's concurrent trials would wait for
 * one another instead of being flushed together; the sum still moves at every commit, and only up.
 */
export class Migration20261229000100ViewVersions extends Migration {
  override name = 'Migration20261229000100_view_versions';

  override up(): void {
    this.addSql(
      `create table "therapy"."view_version" (
        "child_id" uuid not null,
        "shard" smallint not null,
        "version" bigint not null,
        "moved_by" xid8 not null,
        primary key ("child_id", "shard")
      )`,
    );
    for (const [table, childOfRow] of Object.entries(CHILD_OF_ROW)) {
      for (const sql of viewVersionTriggerSql(table, childOfRow)) this.addSql(sql);
    }
  }
}
