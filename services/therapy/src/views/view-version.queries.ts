import type { EntityManager } from '@mikro-orm/core';
import { preparedRows } from '@aba/server-kit';
import { EVERY_CHILD } from '../migrations/view-version-triggers.js';

/**
 * SQL of the child's view version (`view_version`, moved by the commit of every write a plan's detailed view or an
 * item's progress shows, the people's names included) as `"version"`, text; one parameter, the child's id.
 */
export const VIEW_VERSION_SQL = `select coalesce(sum("version"), 0)::text as "version" from "view_version"
  where "child_id" in (?, '${EVERY_CHILD}')`;

/** The child's view version: one small prepared statement. */
export async function viewVersion(em: EntityManager, childId: string): Promise<string> {
  const [{ version }] = await preparedRows<{ version: string }>(em, VIEW_VERSION_SQL, [childId]);
  return version;
}
