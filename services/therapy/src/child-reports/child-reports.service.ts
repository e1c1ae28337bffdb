import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import {
  ChildReportMessages,
  childReportFileName,
  type ChildExportLanguage,
  type ChildReportKind,
  type MasteryCriterion,
  type PhaseChange,
  type ProgressPoint,
} from '@aba/contracts/api';
import { ChildNotFound, ValidationFailed } from '@aba/server-kit';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { exportHeading, type ExportHeading } from '../child-export/export-data-sets.js';
import { REPORT_LIMITS, type ReportLimits } from '../config.js';
import { masteryFactsOfChild } from '../mastery/mastery.queries.js';
import { progressOfFacts } from '../mastery/mastery.service.js';
import { renderPdf } from '../pdf/pdf-document.js';
import { behaviorsPerDay, childDays, sessionsOfScope } from './child-reports.queries.js';
import { clinicianReportOf } from './clinician-report.js';
import { clinicianReportDocument } from './clinician-report-pdf.js';
import { parentReportOf } from './parent-report.js';
import { parentReportDocument } from './parent-report-pdf.js';
import type { ReportMaker } from './report-document.js';
import { logoDataUrl } from './report-logo.js';
import { reportSettingsOf } from './report-settings.queries.js';

export interface ChildReportRequest {
  language: ChildExportLanguage;
  from?: string;
  to?: string;
}

export interface ChildReportFile {
  pdf: Buffer;
  fileName: string;
}

/** What both reports read of a child's period, from one snapshot. */
interface ReportFacts {
  heading: ExportHeading;
  from: string;
  to: string;
  subPlans: Array<{
    name: string;
    planNames: string[];
    items: Array<{
      description: string;
      phases: PhaseChange[];
      points: ProgressPoint[];
      criterion: MasteryCriterion;
    }>;
  }>;
  behaviors: Array<{ name: string; perDay: Record<string, number> }>;
  sessions: Array<{ day: string; minutes: number }>;
}

/**
 * A child's reports as PDF (issue 18, ADR 0052), drawn on the server from one snapshot of the data (a repeatable-read
 * transaction). Every number comes from the progress module the graphs and the mastery panel use.
 */
@Injectable()
export class ChildReportsService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(REPORT_LIMITS) private readonly limits: ReportLimits,
  ) {}

  /** `GET /api/child/{id}/report/parent`: the progress report in plain words, for the family. */
  async parentReport(grant: ChildAccessGrant, request: ChildReportRequest): Promise<ChildReportFile> {
    const facts = await this.factsOf(grant, request);
    const report = parentReportOf({
      language: request.language,
      firstName: facts.heading.firstName,
      timeZone: facts.heading.timeZone,
      from: facts.from,
      to: facts.to,
      sessionDays: new Set(facts.sessions.map((session) => session.day)).size,
      subPlans: facts.subPlans,
      behaviors: facts.behaviors,
    });
    return this.file(grant, request, facts, 'parent', (maker) =>
      parentReportDocument(report, request.language, maker),
    );
  }

  /**
   * `GET /api/child/{id}/report/clinician`: sessions and units, items, behaviours and signatures, for the team, under
   * the clinic's name and logo and in the sections' order the child's report settings hold.
   */
  async clinicianReport(grant: ChildAccessGrant, request: ChildReportRequest): Promise<ChildReportFile> {
    const facts = await this.factsOf(grant, request);
    const settings = await reportSettingsOf(this.em, grant.childId);
    const report = clinicianReportOf({
      language: request.language,
      childName: facts.heading.childName,
      timeZone: facts.heading.timeZone,
      from: facts.from,
      to: facts.to,
      monthlyUnitsLimit: this.limits.monthlyUnitsLimit,
      sessions: facts.sessions,
      subPlans: facts.subPlans,
      behaviors: facts.behaviors,
    });
    return this.file(grant, request, facts, 'clinician', (maker) =>
      clinicianReportDocument(report, request.language, maker, {
        letterhead: {
          clinicName: settings.clinicName,
          logo: settings.logo && { ...settings.logo, url: logoDataUrl(settings.logo) },
        },
        sectionOrder: settings.sectionOrder,
      }),
    );
  }

  /** The PDF, once made in the child's audit trail, and its name. */
  private async file(
    grant: ChildAccessGrant,
    request: ChildReportRequest,
    facts: ReportFacts,
    kind: ChildReportKind,
    document: (maker: ReportMaker) => TDocumentDefinitions,
  ): Promise<ChildReportFile> {
    const { heading } = facts;
    const pdf = await renderPdf(
      document({ madeBy: heading.madeBy, madeAt: new Date(), timeZone: heading.timeZone }),
    );
    await recordAudit(this.em, {
      childId: grant.childId,
      actorId: grant.userId,
      kind: 'REPORT_GENERATED',
      after: { report: kind, period_from: facts.from, period_to: facts.to },
    });
    return { pdf, fileName: childReportFileName(kind, heading.firstName, request.from, request.to) };
  }

  /** The child's period (left open: from its first data to today) and what the reports read of it. */
  private async factsOf(grant: ChildAccessGrant, request: ChildReportRequest): Promise<ReportFacts> {
    const days = await childDays(this.em, grant.childId);
    if (!days) throw new ChildNotFound();
    const to = request.to ?? days.today;
    const from = request.from ?? (days.firstDay !== null && days.firstDay < to ? days.firstDay : to);
    if (from > to) throw new ValidationFailed(ChildReportMessages.dateRangeInvalid);
    return this.em.transactional(
      async (em) => {
        const heading = await exportHeading(em, grant.childId, grant.userId, from, to);
        if (!heading) throw new ChildNotFound();
        const items = await masteryFactsOfChild(em, grant.childId);
        const behaviors = await behaviorsPerDay(em, heading.scope);
        const sessions = await sessionsOfScope(em, heading.scope);
        const subPlans = new Map<string, ReportFacts['subPlans'][number]>();
        for (const { facts, subPlanName, planNames } of items) {
          const subPlan = subPlans.get(facts.subPlanId) ?? { name: subPlanName, planNames, items: [] };
          const { progress, criterion } = progressOfFacts(facts, request.language);
          subPlan.items.push({
            description: facts.description,
            phases: progress.phases,
            points: progress.points,
            criterion,
          });
          subPlans.set(facts.subPlanId, subPlan);
        }
        return { heading, from, to, subPlans: [...subPlans.values()], behaviors, sessions };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
  }
}
