import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, StreamableFile } from '@nestjs/common';
import {
  ChildReportMessages,
  childReportQuerySchema,
  REPORT_LOGO_MEDIA_TYPES,
  ReportSettingsMessages,
  reportSettingsRequestSchema,
  type ReportSettingsResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { CONSENT_GATE } from '../consent/consent.gate.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { ChildReportsService, type ChildReportFile } from './child-reports.service.js';
import { ReportSettingsService } from './report-settings.service.js';

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
  constructor(
    @Inject(ChildReportsService) private readonly reports: ChildReportsService,
    @Inject(ReportSettingsService) private readonly settings: ReportSettingsService,
  ) {}

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

  /** `GET /api/child/{id}/report/settings`: the clinician report's heading and order, for the whole team. */
  @Get('settings')
  @ChildAccess('read', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  async readSettings(@CurrentChild() grant: ChildAccessGrant): Promise<ReportSettingsResponse> {
    return { settings: await this.settings.settings(grant) };
  }

  /** `POST /api/child/{id}/report/settings` `{ clinic_name?, logo?, section_order? }`: the owner's and coordinators'. */
  @Post('settings')
  @HttpCode(200)
  @ChildAccess('edit')
  async saveSettings(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
  ): Promise<ReportSettingsResponse & { message: string }> {
    const request = parseBody(reportSettingsRequestSchema, body, ReportSettingsMessages);
    return { message: ReportSettingsMessages.saved, settings: await this.settings.save(grant, request) };
  }

  /** `GET /api/child/{id}/report/logo`: the logo's image as it was sent, for the settings' preview. */
  @Get('logo')
  @Header('Cache-Control', 'no-store')
  @ChildAccess('read', { exempt: [LICENCE_GATE, CONSENT_GATE] })
  async logo(@CurrentChild() grant: ChildAccessGrant): Promise<StreamableFile> {
    const logo = await this.settings.logo(grant);
    return new StreamableFile(logo.data, {
      type: REPORT_LOGO_MEDIA_TYPES[logo.type],
      length: logo.data.length,
    });
  }
}
