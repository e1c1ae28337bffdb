import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, IsolationLevel } from '@mikro-orm/core';
import { ChildReportMessages, childReportFileName, type ChildExportLanguage } from '@aba/contracts/api';
import { ChildNotFound, ValidationFailed } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { exportHeading } from '../child-export/export-data-sets.js';
import { masteryFactsOfChild } from '../mastery/mastery.queries.js';
import { progressOfFacts } from '../mastery/mastery.service.js';
import { renderPdf } from '../pdf/pdf-document.js';
import { behaviorsPerDay, childDays, sessionDayCount } from './child-reports.queries.js';
import { parentReportOf, type ParentReportInput } from './parent-report.js';
import { parentReportDocument } from './parent-report-pdf.js';

export interface ChildReportRequest {
  language: ChildExportLanguage;
  from?: string;
  to?: string;
}

export interface ChildReportFile {
  pdf: Buffer;
  fileName: string;
}

/**
 * A child's reports as PDF (issue 18, ADR 0052), drawn on the server from one snapshot of the data (a repeatable-read
 * transaction). Every number comes from the progress module the graphs and the mastery panel use.
 */
@Injectable()
export class ChildReportsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /** `GET /api/child/{id}/report/parent`: the progress report in plain words, for the family. */
  async parentReport(grant: ChildAccessGrant, request: ChildReportRequest): Promise<ChildReportFile> {
    const { language } = request;
    const days = await childDays(this.em, grant.childId);
    if (!days) throw new ChildNotFound();
    // Left open, the period runs from the child's first data to today.
    const to = request.to ?? days.today;
    const from = request.from ?? (days.firstDay !== null && days.firstDay < to ? days.firstDay : to);
    if (from > to) throw new ValidationFailed(ChildReportMessages.dateRangeInvalid);

    const { heading, input } = await this.em.transactional(
      async (em) => {
        const heading = await exportHeading(em, grant.childId, grant.userId, from, to);
        if (!heading) throw new ChildNotFound();
        const [items, behaviors, sessionDays] = [
          await masteryFactsOfChild(em, grant.childId),
          await behaviorsPerDay(em, heading.scope),
          await sessionDayCount(em, heading.scope),
        ];
        const subPlans = new Map<string, ParentReportInput['subPlans'][number]>();
        for (const { facts, subPlanName, planNames } of items) {
          const subPlan = subPlans.get(facts.subPlanId) ?? { name: subPlanName, planNames, items: [] };
          const { progress } = progressOfFacts(facts, language);
          subPlan.items.push({
            description: facts.description,
            phases: progress.phases,
            points: progress.points,
          });
          subPlans.set(facts.subPlanId, subPlan);
        }
        const input: ParentReportInput = {
          language,
          firstName: heading.firstName,
          timeZone: heading.timeZone,
          from,
          to,
          sessionDays,
          subPlans: [...subPlans.values()],
          behaviors,
        };
        return { heading, input };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
    const pdf = await renderPdf(
      parentReportDocument(parentReportOf(input), language, {
        madeBy: heading.madeBy,
        madeAt: new Date(),
        timeZone: heading.timeZone,
      }),
    );
    await recordAudit(this.em, {
      childId: grant.childId,
      actorId: grant.userId,
      kind: 'REPORT_GENERATED',
      after: { report: 'parent', period_from: from, period_to: to },
    });
    return { pdf, fileName: childReportFileName('parent', heading.firstName, request.from, request.to) };
  }
}
