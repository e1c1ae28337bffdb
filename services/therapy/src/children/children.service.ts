import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CHILD_RESTORE_DAYS,
  CONSENT_VERSION,
  DEFAULT_CHILD_TIME_ZONE,
  ChildMessages,
  childFormProblem,
  mayOnChild,
  type Child as ChildDto,
  type ChildDetail,
  type ChildRelation,
  type createChildRequestSchema,
  type DeletedChild,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import {
  ChildNotFound,
  Conflict,
  databaseErrorCode,
  OutboxService,
  PostgresErrors,
  ValidationFailed,
  toIso,
} from '@aba/server-kit';
import { recordAudit, type AuditChange } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { recordConsent } from '../consent/consent.queries.js';
import { requireCurrentVersion } from '../consent/consent.service.js';
import { Child } from './child.entity.js';
import {
  activeTeam,
  childrenDeletedAfter,
  childrenDeletedBy,
  childrenOf,
  deletePendingHelpers,
  eraseChild,
  lockChild,
  markChildDeleted,
  unmarkChildDeleted,
  childExtras,
} from './children.queries.js';

type CreateChildBody = z.infer<typeof createChildRequestSchema>;

/**
 * How often a child delete or erase runs at most: one that loses a deadlock (or a serialization check) is rolled back
 * whole and run again.
 */
const ATTEMPTS = 3;
const RETRIED_FAILURES = new Set<string>([
  PostgresErrors.deadlockDetected,
  PostgresErrors.serializationFailure,
]);
/** Children erased per statement of the sweep's search. */
const ERASE_BATCH = 100;
const DAY_MS = 24 * 3_600_000;

/** Today's date in UTC, `YYYY-MM-DD`: the latest acceptable date of birth. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const byName = new Intl.Collator('ro', { sensitivity: 'base' });

/** Children first by first name, then last name (locale-aware, case-insensitive), then id for a stable order. */
export function compareChildren(a: ChildDto, b: ChildDto): number {
  return (
    byName.compare(a.first_name, b.first_name) ||
    byName.compare(a.last_name, b.last_name) ||
    a.id.localeCompare(b.id)
  );
}

export function toChildDto(
  child: Pick<Child, 'id' | 'firstName' | 'lastName' | 'dateOfBirth' | 'timeZone'>,
  relation: ChildRelation,
): ChildDto {
  return {
    id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    date_of_birth: child.dateOfBirth,
    time_zone: child.timeZone,
    relation,
  };
}

/**
 * Child profiles: create, list, read, delete, restore and erase (ADR 0021). Each change and its events commit together
 * (outbox).
 */
@Injectable()
export class ChildrenService {
  private readonly logger = new Logger(ChildrenService.name);

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OutboxService) private readonly outbox: OutboxService,
  ) {}

  /**
   * A new child owned by its creator; announced as `therapy.child.created.v1`. With the version of the consent text the
   * creator agreed to in the form (the current one, else 400), their consent is recorded with it (issue 17).
   */
  async create(ownerId: string, body: CreateChildBody): Promise<string> {
    const problem = childFormProblem(body, todayUtc());
    if (problem) throw new ValidationFailed(problem);
    if (body.consent_version !== undefined) requireCurrentVersion(body.consent_version);
    const id = randomUUID();
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    await this.em.transactional(async (em) => {
      const timeZone = body.time_zone?.trim() || DEFAULT_CHILD_TIME_ZONE;
      em.persist(
        em.create(Child, { id, firstName, lastName, dateOfBirth: body.date_of_birth, ownerId, timeZone }),
      );
      this.outbox.add(em, Subjects.ChildCreatedV1, { childId: id, ownerId, firstName, lastName });
      await em.flush();
      const changes: AuditChange[] = [
        {
          childId: id,
          actorId: ownerId,
          kind: 'CHILD_CREATED',
          after: {
            first_name: firstName,
            last_name: lastName,
            date_of_birth: body.date_of_birth,
            time_zone: timeZone,
          },
        },
      ];
      if (body.consent_version !== undefined) {
        await recordConsent(em, id, ownerId, CONSENT_VERSION);
        changes.push({
          childId: id,
          actorId: ownerId,
          kind: 'CONSENT_GIVEN',
          after: { version: CONSENT_VERSION, status: 'GIVEN' },
        });
      }
      await recordAudit(em, ...changes);
    });
    return id;
  }

  /** Every child the user owns or actively helps with, with the user's relation, by first name. */
  async list(userId: string): Promise<ChildDto[]> {
    const rows = await childrenOf(this.em, userId);
    return rows.map((row) => toChildDto(row, row.relation)).sort(compareChildren);
  }

  /** The child, with how many captures wait on its "To check" page for the caller (ADR 0044) and its consent. */
  async get(grant: ChildAccessGrant): Promise<ChildDetail> {
    const child = await this.em.findOne(Child, grant.childId);
    if (!child) throw new ChildNotFound();
    const decides = mayOnChild(grant.relation, 'edit');
    const { waiting, consent, ownershipOffer } = await childExtras(
      this.em,
      grant.childId,
      decides ? undefined : grant.userId,
    );
    return {
      ...toChildDto(child, grant.relation),
      waiting_captures: waiting,
      consent,
      ownership_offer: ownershipOffer,
    };
  }

  /**
   * The owner's deleted children that can still be restored, most recently deleted first, with the date each will be
   * erased on.
   */
  async listDeleted(ownerId: string): Promise<DeletedChild[]> {
    const rows = await childrenDeletedAfter(this.em, ownerId, restoreCutoff(new Date()));
    return rows.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      date_of_birth: row.dateOfBirth,
      time_zone: row.timeZone,
      deleted_at: toIso(row.deletedAt),
      erase_at: toIso(new Date(new Date(row.deletedAt).getTime() + CHILD_RESTORE_DAYS * DAY_MS)),
    }));
  }

  /**
   * Deletes the child: it is marked deleted (its owner may restore it for `CHILD_RESTORE_DAYS`, then it is erased),
   * its pending invitations end, and `therapy.child.deleted.v1` announces it: its consumers drop what they keep about
   * it (team, licence, invitation links). The child row is locked `FOR UPDATE` before it is marked, as the marking
   * alone (not a key update) would not wait for the writes that keep the child (`KEEPS_CHILD`, ADRs 0015, 0021): those
   * under way finish first, those that come later find the child deleted.
   */
  async delete(grant: ChildAccessGrant): Promise<void> {
    await this.retried(grant.childId, 'delete', () =>
      this.em.transactional(async (em) => {
        const child = await lockChild(em, grant.childId);
        if (!child || child.deletedAt) throw new ChildNotFound();
        await markChildDeleted(em, grant.childId);
        // identity closes their links on the event; nobody may answer them any more.
        await deletePendingHelpers(em, grant.childId);
        this.outbox.add(em, Subjects.ChildDeletedV1, { childId: grant.childId, ...child.names });
        await recordAudit(em, { childId: grant.childId, actorId: grant.userId, kind: 'CHILD_DELETED' });
      }),
    );
  }

  /**
   * Brings back a child its owner deleted less than `CHILD_RESTORE_DAYS` ago, with all its data and its active team,
   * without a licence (billing freed it). Announced as `therapy.child.restored.v1` and, for each active helper,
   * `therapy.child-access.granted.v1` again. 409 for a child that is not deleted, 404 past the window.
   */
  async restore(grant: ChildAccessGrant): Promise<void> {
    await this.em.transactional(async (em) => {
      const child = await lockChild(em, grant.childId);
      if (!child) throw new ChildNotFound();
      if (!child.deletedAt) throw new Conflict(ChildMessages.childNotDeleted);
      if (child.deletedAt <= restoreCutoff(new Date())) throw new ChildNotFound();
      await unmarkChildDeleted(em, grant.childId);
      this.outbox.add(em, Subjects.ChildRestoredV1, { childId: grant.childId, ...child.names });
      await recordAudit(em, { childId: grant.childId, actorId: grant.userId, kind: 'CHILD_RESTORED' });
      for (const helper of await activeTeam(em, grant.childId)) {
        this.outbox.add(em, Subjects.ChildAccessGrantedV1, { childId: grant.childId, ...helper });
      }
    });
  }

  /**
   * Erases for good every child deleted more than `CHILD_RESTORE_DAYS` before `now`, with everything that belongs to it
   * (the database cascades from `child`). Each erase deletes the child row first, as writes keep it (`KEEPS_CHILD`),
   * and runs again should it still lose a deadlock. Safe on several replicas at once: a child another replica (or a
   * restore) took first is passed over. Answers how many children this call erased.
   */
  async eraseDeleted(now: Date = new Date()): Promise<number> {
    const cutoff = restoreCutoff(now);
    let erased = 0;
    for (;;) {
      const due = await childrenDeletedBy(this.orm.em.fork(), cutoff, ERASE_BATCH);
      for (const id of due) {
        if (await this.retried(id, 'erase', () => eraseChild(this.orm.em.fork(), id, cutoff))) erased++;
      }
      if (due.length < ERASE_BATCH) return erased;
    }
  }

  /** Runs `work` (one transaction) again when it lost a deadlock or a serialization check, `ATTEMPTS` in all. */
  private async retried<T>(childId: string, what: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const code = databaseErrorCode(error);
        if (attempt === ATTEMPTS || !RETRIED_FAILURES.has(code ?? '')) throw error;
        this.logger.warn(
          { childId, attempt, code },
          `The child ${what} lost to a concurrent transaction; running it again`,
        );
      }
    }
  }
}

/** Children deleted at or before this instant can no longer be restored: they are due to be erased. */
function restoreCutoff(now: Date): Date {
  return new Date(now.getTime() - CHILD_RESTORE_DAYS * DAY_MS);
}
