import type { EntityManager } from '@mikro-orm/core';
import type { AccessType } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';

/** A child as billing copies it from therapy. */
export interface ChildCopy {
  childId: string;
  ownerId: string;
  firstName: string;
  lastName: string;
}

/** Saves the user's e-mail and names; an erased user stays erased, without them. */
export async function upsertUser(
  em: EntityManager,
  user: { userId: string; email: string; firstName: string; lastName: string },
): Promise<void> {
  await sqlRows(
    em,
    `insert into "billing_user" ("id", "email", "first_name", "last_name") values (?, ?, ?, ?)
     on conflict ("id") do update set "email" = excluded."email", "first_name" = excluded."first_name", "last_name" = excluded."last_name"
       where not "billing_user"."deleted"`,
    [user.userId, user.email, user.firstName, user.lastName],
  );
}

/**
 * Marks the user's account erased (saving it so, should a `registered` or `updated` come later) and forgets their
 * e-mail and names (ADR 0049).
 */
export async function upsertErasedUser(em: EntityManager, userId: string): Promise<void> {
  await sqlRows(
    em,
    `insert into "billing_user" ("id", "email", "first_name", "last_name", "deleted") values (?, '', '', '', true)
     on conflict ("id") do update set "deleted" = true, "email" = '', "first_name" = '', "last_name" = ''`,
    [userId],
  );
}

/** Saves the child's names and owner; a child already marked deleted stays deleted, without names. */
export async function upsertChild(em: EntityManager, child: ChildCopy): Promise<void> {
  await sqlRows(
    em,
    `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, ?, ?, false)
     on conflict ("id") do update set "owner_id" = excluded."owner_id", "first_name" = excluded."first_name", "last_name" = excluded."last_name"
       where not "child"."deleted"`,
    [child.childId, child.ownerId, child.firstName, child.lastName],
  );
}

/** Saves the child as live again, with its names and owner. */
export async function upsertRestoredChild(em: EntityManager, child: ChildCopy): Promise<void> {
  await sqlRows(
    em,
    `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, ?, ?, false)
     on conflict ("id") do update set "owner_id" = excluded."owner_id", "first_name" = excluded."first_name",
       "last_name" = excluded."last_name", "deleted" = false`,
    [child.childId, child.ownerId, child.firstName, child.lastName],
  );
}

/**
 * Marks the child deleted (saving it so, should its `created` come later) and forgets its names: billing keeps the id
 * its licences' history refers to, never a deleted child's names (issue 17). A restore brings them back with it.
 */
export async function upsertDeletedChild(
  em: EntityManager,
  child: Pick<ChildCopy, 'childId' | 'ownerId'>,
): Promise<void> {
  await sqlRows(
    em,
    `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, '', '', true)
     on conflict ("id") do update set "deleted" = true, "first_name" = '', "last_name" = ''`,
    [child.childId, child.ownerId],
  );
}

export async function deleteChildAccess(em: EntityManager, childId: string): Promise<void> {
  await sqlRows(em, `delete from "child_access" where "child_id" = ?`, [childId]);
}

export async function upsertAccess(
  em: EntityManager,
  access: { childId: string; userId: string; accessType: AccessType },
): Promise<void> {
  await sqlRows(
    em,
    `insert into "child_access" ("child_id", "user_id", "access_type") values (?, ?, ?)
     on conflict ("child_id", "user_id") do update set "access_type" = excluded."access_type"`,
    [access.childId, access.userId, access.accessType],
  );
}

export async function deleteAccess(em: EntityManager, childId: string, userId: string): Promise<void> {
  await sqlRows(em, `delete from "child_access" where "child_id" = ? and "user_id" = ?`, [childId, userId]);
}
