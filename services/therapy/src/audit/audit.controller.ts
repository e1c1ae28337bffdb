import { Controller, Get, Inject, Query } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AuditMessages, auditQuerySchema, type AuditResponse } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { CONSENT_GATE } from '../consent/consent.gate.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { auditPage } from './audit.queries.js';

/**
 * `GET /api/child/{id}/audit?page=&kind=&user_id=` (issue 17, ADR 0047): the child's audit trail, for those who may
 * change the child's data (its owner and coordinators: the `edit` action), licensed or not, and after a withdrawn
 * consent too: reading it changes nothing.
 */
@Controller('api/child/:id/audit')
export class AuditController {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  @Get()
  @ChildAccess('edit', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown): Promise<AuditResponse> {
    const { page, kind, user_id } = parseInput(auditQuerySchema, query, AuditMessages);
    return auditPage(this.em, grant.childId, { page, kind, userId: user_id });
  }
}
