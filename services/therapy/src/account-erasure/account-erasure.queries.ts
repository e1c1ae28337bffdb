import type { EntityManager } from '@mikro-orm/core';
import type { AccessType, AccountChildren } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';

/** A child the erased user owned, as its deletion is announced. */
export interface OwnedChild {
  childId: string;
  ownerId: string;
  firstName: string;
  lastName: string;
}

/**
 * Erases every child `userId` owns, deleted or not, with all its data (the database cascades from `child`, the
 * values of its audit trail included; the trail's entries stay, ids only): no one can restore them once their owner's
 * account is gone. Locks them first, as a child's delete does, so writes under way finish first. Answers them.
 */
export async function eraseOwnedChildren(em: EntityManager, userId: string): Promise<OwnedChild[]> {
  return sqlRows<OwnedChild>(
    em,
    `with "owned" as (select "id" from "child" where "owner_id" = ? order by "id" for update)
     delete from "child" c using "owned" o where c."id" = o."id"
     returning c."id" as "childId", c."owner_id" as "ownerId", c."first_name" as "firstName",
               c."last_name" as "lastName"`,
    [userId],
  );
}

/** A place on a child's team the erased user had (or an invitation to their address). */
export interface EndedRole {
  childId: string;
  accessType: AccessType;
  status: 'ACTIVE' | 'PENDING';
}

/**
 * Ends every place on other children's teams of `userId`, active or former, the hand-overs offered to them, and the
 * invitations to their address `email` (null when therapy never knew it). Answers those that were on a team.
 */
export async function endTeamRoles(
  em: EntityManager,
  userId: string,
  email: string | null,
): Promise<EndedRole[]> {
  await sqlRows(em, 'delete from "former_helper" where "user_id" = ?', [userId]);
  await sqlRows(em, 'delete from "ownership_offer" where "to_user_id" = ?', [userId]);
  return sqlRows<EndedRole>(
    em,
    `delete from "child_helper" where "user_id" = ? or "email" = ?
     returning "child_id" as "childId", "access_type" as "accessType", "status"`,
    [userId, email],
  );
}

/** The address therapy knows for `userId` (its directory's), if any. */
export async function addressOf(em: EntityManager, userId: string): Promise<string | null> {
  const [user] = await sqlRows<{ email: string }>(em, 'select "email" from "directory_user" where "id" = ?', [
    userId,
  ]);
  return user?.email ?? null;
}

/**
 * Forgets who `userId` was: their directory row (names, e-mail: what they wrote shows as a former user's) and the
 * values of audit entries that name their address `email` (an invitation to them).
 */
export async function forgetUser(em: EntityManager, userId: string, email: string | null): Promise<void> {
  await sqlRows(em, 'delete from "directory_user" where "id" = ?', [userId]);
  if (email === null) return;
  await sqlRows(em, `delete from "audit_detail" where "before" ->> 'email' = ? or "after" ->> 'email' = ?`, [
    email,
    email,
  ]);
}

/** Where the children `userId` stands to stand before their account is deleted (`ACCOUNT_DELETION_PATH`). */
export async function childrenOfAccount(em: EntityManager, userId: string): Promise<AccountChildren> {
  const [row] = await sqlRows<AccountChildren>(
    em,
    `select coalesce((select json_agg(json_build_object('child_id', c."id", 'offered_to', o."to_user_id")
                                      order by c."created_at", c."id")
                        from "child" c left join "ownership_offer" o on o."child_id" = c."id"
                       where c."owner_id" = ? and c."deleted_at" is null), '[]') as "owned",
            coalesce((select json_agg(json_build_object('child_id', c."id", 'owner_id', c."owner_id")
                                      order by c."created_at", c."id")
                        from "child_helper" h join "child" c on c."id" = h."child_id"
                       where h."user_id" = ? and h."status" = 'ACTIVE' and h."access_type" = 'ADMIN'
                         and c."deleted_at" is null), '[]') as "coordinating"`,
    [userId, userId],
  );
  return row;
}
