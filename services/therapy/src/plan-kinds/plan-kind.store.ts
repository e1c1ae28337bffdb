import type { EntityClass, EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  comparePlans,
  planFormProblem,
  type AuditKind,
  type Plan as PlanDto,
  type planFormRequestSchema,
  type PlanStatus,
} from '@aba/contracts/api';
import { NotFound, ValidationFailed, isUuid, sqlRows } from '@aba/server-kit';
import { toPlanDto } from './plan-kind.dto.js';
import { withAudit } from '../audit-trail/audit-trail.js';
import { flushToChild, KEEPS_CHILD, writeToChild } from '../children/child-writes.js';

export type PlanForm = z.infer<typeof planFormRequestSchema>;

/** What a kind's calls answer (`PlanMessages`). */
export interface PlanKindMessages {
  notFound: string;
  created: string;
  updated: string;
  deleted: string;
}

/** A row of one plan kind (`Plan` or `SubPlan`): the columns they share. */
interface PlanKindRow {
  id: string;
  childId: string;
  name: string;
  description: string;
  status: PlanStatus;
  createdAt: Date;
}

/**
 * What plans and sub-plans share: list (ACTIVE, INACTIVE, COMPLETED, then name), read, create-or-edit, delete,
 * set status, always within one child. Each call takes the request's entity manager.
 */
export class PlanKindStore {
  constructor(
    private readonly entity: EntityClass<PlanKindRow>,
    readonly messages: PlanKindMessages,
    /** The kind as the audit trail names it: `PLAN_CREATED`, `SUB_PLAN_DELETED`… */
    private readonly auditName: 'PLAN' | 'SUB_PLAN',
  ) {}

  private auditKind(change: 'CREATED' | 'UPDATED' | 'DELETED' | 'STATUS_CHANGED'): AuditKind {
    return `${this.auditName}_${change}`;
  }

  notFound(): NotFound {
    return new NotFound(this.messages.notFound);
  }

  async list(em: EntityManager, childId: string, status?: PlanStatus): Promise<PlanDto[]> {
    const rows = await em.find(this.entity, status ? { childId, status } : { childId });
    return rows.map(toPlanDto).sort(comparePlans);
  }

  /** The child's plan `id`, or 404. */
  async get(em: EntityManager, childId: string, id: string): Promise<PlanKindRow> {
    if (!isUuid(id)) throw this.notFound();
    const row = await em.findOne(this.entity, { id, childId });
    if (!row) throw this.notFound();
    return row;
  }

  /**
   * Creates (no `id`) or edits (`id`: the child's plan) from the form, by `actorId`; answers the message and the id.
   */
  async save(
    em: EntityManager,
    childId: string,
    actorId: string,
    form: PlanForm,
  ): Promise<{ created: boolean; id: string }> {
    const problem = planFormProblem(form);
    if (problem) throw new ValidationFailed(problem);
    const name = form.name.trim();
    const description = form.description.trim();
    if (form.id) {
      const row = await this.get(em, childId, form.id);
      const before = { name: row.name, description: row.description };
      row.name = name;
      row.description = description;
      const changes = [
        {
          childId,
          actorId,
          kind: this.auditKind('UPDATED'),
          entityId: row.id,
          before,
          after: { name, description },
        },
      ];
      await flushToChild(em, childId, ...changes);
      return { created: false, id: row.id };
    }
    const id = randomUUID();
    em.persist(em.create(this.entity, { id, childId, name, description, status: 'ACTIVE' } as never));
    const created = {
      childId,
      actorId,
      kind: this.auditKind('CREATED'),
      entityId: id,
      after: { name, description },
    };
    await writeToChild(em, childId, () => flushToChild(em, childId, created).then(() => id));
    return { created: true, id };
  }

  /** Deletes the child's plan `id` (the database cascades what belongs to it; the statement keeps the child), or 404. */
  async delete(em: EntityManager, childId: string, actorId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw this.notFound();
    const table = em.getMetadata(this.entity).tableName;
    const remove = () =>
      withAudit(
        em,
        () =>
          sqlRows<{ name: string; description: string }>(
            em,
            `delete from "${table}" where "id" = ? and "child_id" = ? and ${KEEPS_CHILD}
             returning "name", "description"`,
            [id, childId, childId],
          ).then((rows) => rows[0]),
        (before) => [{ childId, actorId, kind: this.auditKind('DELETED'), entityId: id, before }],
      );
    await writeToChild(em, childId, remove, () => this.notFound());
  }

  async setStatus(
    em: EntityManager,
    childId: string,
    actorId: string,
    id: string,
    status: PlanStatus,
  ): Promise<PlanDto> {
    const row = await this.get(em, childId, id);
    const before = { status: row.status };
    row.status = status;
    await flushToChild(em, childId, {
      childId,
      actorId,
      kind: this.auditKind('STATUS_CHANGED'),
      entityId: id,
      before,
      after: { status },
    });
    return toPlanDto(row);
  }

  /** The child that owns plan `id` (for object-keyed routes), or 404. */
  async childOf(em: EntityManager, id: string): Promise<string> {
    if (!isUuid(id)) throw this.notFound();
    const row = await em.findOne(this.entity, { id }, { fields: ['childId'] as never });
    if (!row) throw this.notFound();
    return row.childId;
  }
}
