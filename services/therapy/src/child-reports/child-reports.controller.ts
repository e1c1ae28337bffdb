import { Controller, Get, Header, Inject, Query, StreamableFile } from '@nestjs/common';
import { ChildReportMessages, childReportQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { CONSENT_GATE } from '../consent/consent.gate.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { ChildReportsService, type ChildReportFile } from './child-reports.service.js';

const pdfFile = ({ pdf, fileName }: ChildReportFile) =>
  new StreamableFile(pdf, {
    type: 'application/pdf',
    disposition: `attachment; filename="${fileName}"`,
    length: pdf.length,
  });

/**
 * A child's reports as PDF (issue 18): for everyone on the child's team (the `read` action), licensed or not and after
 * a withdrawn consent, as the data exports: reading changes nothing.
 */
@Controller('api/child/:id/report')
export class ChildReportsController {
  constructor(@Inject(ChildReportsService) private readonly reports: ChildReportsService) {}

  /** `GET /api/child/{id}/report/parent?from=&to=&lang=`. */
  @Get('parent')
  @Header('Cache-Control', 'no-store')
  @ChildAccess('read', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  async parent(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown): Promise<StreamableFile> {
    const { lang, from, to } = parseInput(childReportQuerySchema, query, ChildReportMessages);
    return pdfFile(await this.reports.parentReport(grant, { language: lang, from, to }));
  }

  /** `GET /api/child/{id}/report/clinician?from=&to=&lang=`. */
  @Get('clinician')
  @Header('Cache-Control', 'no-store')
  @ChildAccess('read', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  async clinician(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown): Promise<StreamableFile> {
    const { lang, from, to } = parseInput(childReportQuerySchema, query, ChildReportMessages);
    return pdfFile(await this.reports.clinicianReport(grant, { language: lang, from, to }));
  }
}
