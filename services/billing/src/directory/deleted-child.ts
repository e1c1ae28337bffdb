import type { EntityManager } from '@mikro-orm/core';
import type { LicencesService } from '../licences/licences.service.js';
import { deleteChildAccess, upsertDeletedChild } from './directory.queries.js';

/**
 * A deleted child, in billing: a tombstone without its names (issue 17), no helpers, its licence freed (announced as
 * revoked). When therapy deletes the child, and when its owner's account is erased (ADR 0049); doing it twice changes
 * nothing.
 */
export async function forgetDeletedChild(
  em: EntityManager,
  licences: Pick<LicencesService, 'afterChildDeleted'>,
  child: { childId: string; ownerId: string },
): Promise<void> {
  await upsertDeletedChild(em, child);
  await deleteChildAccess(em, child.childId);
  await licences.afterChildDeleted(em, child.childId);
}
