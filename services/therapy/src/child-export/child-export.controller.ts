import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ChildExportMessages, childExportQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { CONSENT_GATE } from '../consent/consent.gate.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { ChildExportService } from './child-export.service.js';

/**
 * `GET /api/child/{id}/export?format=csv|xlsx&from=&to=&lang=` (issue 18): the child's data as a ZIP of spreadsheets,
 * for everyone on the child's team (the `read` action: owner, coordinators, therapists), licensed or not and after a
 * withdrawn consent too: the data is the family's to take. Refusals are `{ error }` answers; once the ZIP has begun a
 * failure can only cut it short.
 */
@Controller('api/child/:id/export')
export class ChildExportController {
  constructor(@Inject(ChildExportService) private readonly exports: ChildExportService) {}

  @Get()
  @ChildAccess('read', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  async export(
    @CurrentChild() grant: ChildAccessGrant,
    @Query() query: unknown,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const { format, lang, from, to } = parseInput(childExportQuerySchema, query, ChildExportMessages);
    await this.exports.stream(grant, { format, language: lang, from, to }, response);
  }
}
