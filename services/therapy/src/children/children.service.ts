import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  childFormProblem,
  type Child as ChildDto,
  type ChildRelation,
  type createChildRequestSchema,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { databaseErrorCode, OutboxService, PostgresErrors, ValidationFailed } from '@aba/server-kit';
import { ChildNotFound } from '../child-access/child-access.errors.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { sqlRows } from '../sql-rows.js';
import { Child } from './child.entity.js';

type CreateChildBody = z.infer<typeof createChildRequestSchema>;

/**
 * How often a child delete runs at most: one that loses a deadlock (or a serialization check) is rolled back whole
 * and run again.
 */
const DELETE_ATTEMPTS = 3;
const RETRIED_FAILURES = new Set<string>([
  PostgresErrors.deadlockDetected,
  PostgresErrors.serializationFailure,
]);

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

/** A child as the list query reads it. */
interface ChildRow {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  relation: ChildRelation;
}

export function toChildDto(
  child: Pick<Child, 'id' | 'firstName' | 'lastName' | 'dateOfBirth'>,
  relation: ChildRelation,
): ChildDto {
  return {
    id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    date_of_birth: child.dateOfBirth,
    relation,
  };
}

/** Child profiles: create, list, read and delete. Each change and its event commit together (outbox). */
@Injectable()
export class ChildrenService {
  private readonly logger = new Logger(ChildrenService.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OutboxService) private readonly outbox: OutboxService,
  ) {}

  /** A new child owned by its creator; announced as `therapy.child.created.v1`. */
  async create(ownerId: string, body: CreateChildBody): Promise<string> {
    const problem = childFormProblem(body, todayUtc());
    if (problem) throw new ValidationFailed(problem);
    const id = randomUUID();
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    await this.orm.em.fork().transactional(async (em) => {
      em.persist(em.create(Child, { id, firstName, lastName, dateOfBirth: body.date_of_birth, ownerId }));
      this.outbox.add(em, Subjects.ChildCreatedV1, { childId: id, ownerId, firstName, lastName });
    });
    return id;
  }

  /** Every child the user owns or actively helps with, with the user's relation, by first name. */
  async list(userId: string): Promise<ChildDto[]> {
    const rows = await sqlRows<ChildRow>(
      this.orm.em.fork(),
      `select c."id", c."first_name" as "firstName", c."last_name" as "lastName",
                to_char(c."date_of_birth", 'YYYY-MM-DD') as "dateOfBirth", 'OWNER' as "relation"
           from "therapy"."child" c
          where c."owner_id" = ?
         union all
         select c."id", c."first_name", c."last_name", to_char(c."date_of_birth", 'YYYY-MM-DD'), h."access_type"
           from "therapy"."child_helper" h
           join "therapy"."child" c on c."id" = h."child_id"
          where h."user_id" = ? and h."status" = 'ACTIVE' and c."owner_id" <> ?`,
      [userId, userId, userId],
    );
    return rows.map((row) => toChildDto(row, row.relation)).sort(compareChildren);
  }

  async get(grant: ChildAccessGrant): Promise<ChildDto> {
    const child = await this.orm.em.fork().findOne(Child, grant.childId);
    if (!child) throw new ChildNotFound();
    return toChildDto(child, grant.relation);
  }

  /**
   * Deletes the child and everything that belongs to it (the database cascades from `child`), and announces
   * `therapy.child.deleted.v1`: its consumers drop whatever they keep about the child (team, licence). The delete
   * statement locks the child row before any of its rows, as writes keep it (`KEEPS_CHILD`, ADR 0015); should it
   * still lose a deadlock to a write outside that rule, it runs again.
   */
  async delete(grant: ChildAccessGrant): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deleteOnce(grant.childId);
      } catch (error) {
        const code = databaseErrorCode(error);
        if (attempt === DELETE_ATTEMPTS || !RETRIED_FAILURES.has(code ?? '')) throw error;
        this.logger.warn(
          { childId: grant.childId, attempt, code },
          'The child delete lost to a concurrent transaction; running it again',
        );
      }
    }
  }

  private async deleteOnce(childId: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const [child] = await sqlRows<{ ownerId: string; firstName: string; lastName: string }>(
        em,
        `delete from "therapy"."child" where "id" = ?
         returning "owner_id" as "ownerId", "first_name" as "firstName", "last_name" as "lastName"`,
        [childId],
      );
      if (!child) throw new ChildNotFound();
      this.outbox.add(em, Subjects.ChildDeletedV1, { childId, ...child });
    });
  }
}
