/** Every user's names: a change to `directory_user` moves this row, which every child's version adds. */
export const EVERY_CHILD = '00000000-0000-0000-0000-000000000000';

/** How many rows a child's version is the sum of (see Migration20261229000100_view_versions). */
const SHARDS = 8;

/** Moves child `child`'s version (SQL; none when it is null, e.g. an item whose sub-plan went in the same commit). */
export const moveVersionOf = (child: string) =>
  `insert into "therapy"."view_version" as v ("child_id", "shard", "version", "moved_by")
   select x."child_id", (pg_current_xact_id()::text::bigint % ${SHARDS})::smallint, 1, pg_current_xact_id()
     from (select ${child} as "child_id") x where x."child_id" is not null
   on conflict ("child_id", "shard") do update set "version" = v."version" + 1, "moved_by" = excluded."moved_by"
    where v."moved_by" <> excluded."moved_by"`;

/** How a table's written row (`new` or `old`) names its child: the column `by`, and the child's id from the row. */
export interface ChildOfRow {
  readonly by: string;
  readonly childOf: (row: string) => string;
}

/**
 * The trigger function and the deferred constraint trigger by which every insert, update and delete of `table` moves
 * its row's child's version at the commit; an update moves the child of the row as it was only when the row changed
 * child.
 */
export function viewVersionTriggerSql(table: string, { by, childOf }: ChildOfRow): string[] {
  return [
    `create function "therapy"."${table}_moves_view_version"() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'DELETE' then
             ${moveVersionOf(childOf('new'))};
           end if;
           if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old."${by}" is distinct from new."${by}") then
             ${moveVersionOf(childOf('old'))};
           end if;
           return null;
         end $$`,
    `create constraint trigger "${table}_view_version" after insert or update or delete on "therapy"."${table}"
           deferrable initially deferred for each row execute function "therapy"."${table}_moves_view_version"()`,
  ];
}
