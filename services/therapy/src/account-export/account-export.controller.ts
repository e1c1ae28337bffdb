import { Controller, Get, Inject } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import { ACCOUNT_EXPORT_PART_PATH, type ExportPart, type InternalIdentity } from '@aba/contracts/api';
import { CurrentIdentity, requireUser } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import { therapyExportTables } from './account-export.queries.js';

/**
 * Therapy's part of the caller's account export (issue 17, ADR 0048), asked by identity with the caller's internal
 * token: the children they own with all their data, and their own place on other families' teams. Read in one
 * snapshot; each exported child's audit trail records the export.
 */
@Controller()
export class AccountExportController {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  @Get(ACCOUNT_EXPORT_PART_PATH)
  part(@CurrentIdentity() caller: InternalIdentity | undefined): Promise<ExportPart> {
    const userId = requireUser(caller);
    return this.em.transactional(
      async (em) => {
        const tables = await therapyExportTables(em, userId);
        const children = tables.find((table) => table.name === 'children')?.rows ?? [];
        await recordAudit(
          em,
          ...children.map((child) => ({
            childId: String(child.id),
            actorId: userId,
            kind: 'DATA_EXPORTED' as const,
          })),
        );
        return { service: 'therapy' as const, tables };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
  }
}
