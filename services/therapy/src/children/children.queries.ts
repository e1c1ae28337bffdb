import type { EntityManager } from '@mikro-orm/core';
import type { AccessType, ChildConsent, ChildRelation, OwnershipOffer } from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';
import { toConsent, type ConsentRow } from '../consent/consent.queries.js';

/** A child as the list reads it. */
export interface ChildRow {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  timeZone: string;
  relation: ChildRelation;
}

/** Every live child the user owns or actively helps with, with the user's relation; unordered. */
export async function childrenOf(em: EntityManager, userId: string): Promise<ChildRow[]> {
  return sqlRows<ChildRow>(
    em,
    `select c."id", c."first_name" as "firstName", c."last_name" as "lastName",
              to_char(c."date_of_birth", 'YYYY-MM-DD') as "dateOfBirth", c."time_zone" as "timeZone",
              'OWNER' as "relation"
         from "child" c
        where c."owner_id" = ? and c."deleted_at" is null
       union all
       select c."id", c."first_name", c."last_name", to_char(c."date_of_birth", 'YYYY-MM-DD'), c."time_zone",
              h."access_type"
         from "child_helper" h
         join "child" c on c."id" = h."child_id"
        where h."user_id" = ? and h."status" = 'ACTIVE' and c."owner_id" <> ? and c."deleted_at" is null`,
    [userId, userId, userId],
  );
}

export interface DeletedChildRow {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  timeZone: string;
  deletedAt: Date;
}

/** The owner's children deleted after `cutoff`, most recently deleted first. */
export async function childrenDeletedAfter(
  em: EntityManager,
  ownerId: string,
  cutoff: Date,
): Promise<DeletedChildRow[]> {
  return sqlRows<DeletedChildRow>(
    em,
    `select "id", "first_name" as "firstName", "last_name" as "lastName",
            to_char("date_of_birth", 'YYYY-MM-DD') as "dateOfBirth", "time_zone" as "timeZone",
            "deleted_at" as "deletedAt"
       from "child"
      where "owner_id" = ? and "deleted_at" > ?
      order by "deleted_at" desc, "id"`,
    [ownerId, cutoff],
  );
}

export interface LockedChild {
  /** What its events carry besides its id. */
  names: { ownerId: string; firstName: string; lastName: string };
  deletedAt: Date | null;
}

/**
 * Locks the child row `FOR UPDATE` in `em`'s transaction: this waits for the writes under way (they hold it
 * `FOR KEY SHARE`) and makes later ones wait. Undefined for an unknown (or erased) child.
 */
export async function lockChild(em: EntityManager, childId: string): Promise<LockedChild | undefined> {
  const [row] = await sqlRows<{
    ownerId: string;
    firstName: string;
    lastName: string;
    deletedAt: Date | null;
  }>(
    em,
    `select "owner_id" as "ownerId", "first_name" as "firstName", "last_name" as "lastName", "deleted_at" as "deletedAt"
       from "child" where "id" = ? for update`,
    [childId],
  );
  if (!row) return undefined;
  const { deletedAt, ...names } = row;
  return { names, deletedAt: deletedAt === null ? null : new Date(deletedAt) };
}

export async function markChildDeleted(em: EntityManager, childId: string): Promise<void> {
  await sqlRows(em, 'update "child" set "deleted_at" = now() where "id" = ?', [childId]);
}

export async function unmarkChildDeleted(em: EntityManager, childId: string): Promise<void> {
  await sqlRows(em, 'update "child" set "deleted_at" = null where "id" = ?', [childId]);
}

export async function deletePendingHelpers(em: EntityManager, childId: string): Promise<void> {
  await sqlRows(em, `delete from "child_helper" where "child_id" = ? and "status" = 'PENDING'`, [childId]);
}

/** The child's active helpers, oldest first. */
export async function activeTeam(
  em: EntityManager,
  childId: string,
): Promise<{ userId: string; accessType: AccessType }[]> {
  return sqlRows<{ userId: string; accessType: AccessType }>(
    em,
    `select "user_id" as "userId", "access_type" as "accessType" from "child_helper"
      where "child_id" = ? and "status" = 'ACTIVE' order by "created_at", "id"`,
    [childId],
  );
}

/** Up to `limit` ids of children deleted at or before `cutoff`, longest deleted first. */
export async function childrenDeletedBy(em: EntityManager, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(
    em,
    `select "id" from "child" where "deleted_at" <= ? order by "deleted_at", "id" limit ?`,
    [cutoff, limit],
  );
  return rows.map((row) => row.id);
}

/** Deletes the child row if it is still deleted at or before `cutoff`; whether it did. */
export async function eraseChild(em: EntityManager, childId: string, cutoff: Date): Promise<boolean> {
  const erased = await sqlRows(
    em,
    'delete from "child" where "id" = ? and "deleted_at" <= ? returning "id"',
    [childId, cutoff],
  );
  return erased.length > 0;
}

/**
 * What the child's record answers beside the child, in one statement: how many captures wait on its "To check" page
 * (`needs_attention`; `authorId`: of theirs only), its owner's consent (null until given) and a hand-over waiting for
 * one of its coordinators (null when none).
 */
export async function childExtras(
  em: EntityManager,
  childId: string,
  authorId?: string,
): Promise<{ waiting: number; consent: ChildConsent | null; ownershipOffer: OwnershipOffer | null }> {
  const [row] = await sqlRows<{ waiting: number; consent: ConsentRow | null; offer: OfferRow | null }>(
    em,
    `select (select count(*)::int from "needs_attention"
              where "child_id" = ? and "state" = 'WAITING'${authorId ? ' and "author_id" = ?' : ''}) as "waiting",
            (select row_to_json(k) from (select "version", "given_by", "given_at", "withdrawn_at"
                                           from "child_consent" where "child_id" = ?) k) as "consent",
            ${offerJsonSql('?')} as "offer"`,
    authorId ? [childId, authorId, childId, childId] : [childId, childId, childId],
  );
  return {
    waiting: row.waiting,
    consent: row.consent && toConsent(row.consent),
    ownershipOffer: row.offer && toOffer(row.offer),
  };
}

export interface OfferRow {
  to_user_id: string;
  to_name: string | null;
  from_name: string | null;
  offered_at: Date | string;
}

/** An `ownership_offer` row (or its JSON, as the child's record reads it) as the calls answer it. */
export const toOffer = (row: OfferRow): OwnershipOffer => ({
  to_user_id: row.to_user_id,
  to_name: row.to_name,
  from_name: row.from_name,
  offered_at: toIso(row.offered_at),
});

/** A person's name from the directory row `alias`; null when the directory does not know them. */
const NAME = (alias: string) =>
  `nullif(trim(coalesce(${alias}."first_name", '') || ' ' || coalesce(${alias}."last_name", '')), '')`;

/** A scalar subquery: the hand-over waiting for the child whose id is the SQL expression `childId`, as JSON. */
export const offerJsonSql = (childId: string): string => `(select row_to_json(o) from (
    select f."to_user_id", ${NAME('t')} as "to_name", ${NAME('b')} as "from_name", f."offered_at"
      from "ownership_offer" f
      left join "directory_user" t on t."id" = f."to_user_id"
      left join "directory_user" b on b."id" = f."offered_by"
     where f."child_id" = ${childId}) o)`;
