import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { OwnershipOffer } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';
import { offerJsonSql, toOffer, type OfferRow } from '../children/children.queries.js';

/** The hand-over waiting for the child, if any. */
export async function offerOf(em: EntityManager, childId: string): Promise<OwnershipOffer | null> {
  const [row] = await sqlRows<{ offer: OfferRow | null }>(em, `select ${offerJsonSql('?')} as "offer"`, [
    childId,
  ]);
  return row.offer && toOffer(row.offer);
}

/** Whether `userId` is an active coordinator of the child. */
export async function isCoordinator(em: EntityManager, childId: string, userId: string): Promise<boolean> {
  const rows = await sqlRows(
    em,
    `select 1 from "child_helper" where "child_id" = ? and "user_id" = ? and "status" = 'ACTIVE'
        and "access_type" = 'ADMIN'`,
    [childId, userId],
  );
  return rows.length > 0;
}

/** Offers the child to `toUserId` by `by`, in place of a waiting offer; the offer replaced, if any. */
export async function saveOffer(
  em: EntityManager,
  childId: string,
  toUserId: string,
  by: string,
): Promise<{ previous: string | null }> {
  const [row] = await sqlRows<{ previous: string | null }>(
    em,
    `with "old" as (select "to_user_id" from "ownership_offer" where "child_id" = ? for update)
     insert into "ownership_offer" ("child_id", "to_user_id", "offered_by") values (?, ?, ?)
     on conflict ("child_id") do update set "to_user_id" = excluded."to_user_id",
       "offered_by" = excluded."offered_by", "offered_at" = now()
     returning (select "to_user_id" from "old") as "previous"`,
    [childId, childId, toUserId, by],
  );
  return row;
}

/** Removes the child's waiting offer (to `toUserId` only, when given); its recipient, or undefined when none. */
export async function removeOffer(
  em: EntityManager,
  childId: string,
  toUserId?: string,
): Promise<string | undefined> {
  const [row] = await sqlRows<{ to_user_id: string }>(
    em,
    `delete from "ownership_offer" where "child_id" = ?${toUserId ? ' and "to_user_id" = ?' : ''}
     returning "to_user_id"`,
    toUserId ? [childId, toUserId] : [childId],
  );
  return row?.to_user_id;
}

/**
 * Makes `newOwnerId` (a coordinator of the child) its owner and `formerOwnerId` one of its coordinators, in place of
 * the new owner's place on its team. The former owner's address comes from the directory (none for a former user).
 */
export async function switchOwners(
  em: EntityManager,
  childId: string,
  formerOwnerId: string,
  newOwnerId: string,
): Promise<void> {
  await sqlRows(em, 'update "child" set "owner_id" = ?, "updated_at" = now() where "id" = ?', [
    newOwnerId,
    childId,
  ]);
  await sqlRows(em, 'delete from "child_helper" where "child_id" = ? and "user_id" = ?', [
    childId,
    newOwnerId,
  ]);
  await sqlRows(
    em,
    `insert into "child_helper" ("id", "child_id", "user_id", "email", "access_type", "status", "invited_by")
     select ?, ?, u."id", u."email", 'ADMIN', 'ACTIVE', ? from "directory_user" u where u."id" = ?`,
    [randomUUID(), childId, newOwnerId, formerOwnerId],
  );
}
