import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { ReportSettingsMessages, type ReportSettings, type ReportSettingsChange } from '@aba/contracts/api';
import { ChildNotFound, NotFound } from '@aba/server-kit';
import { recordAudit, type AuditValues } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { lockChild } from '../children/children.queries.js';
import { logoFingerprint, readLogo, type LogoFile } from './report-logo.js';
import {
  reportSettingsOf,
  reportSettingsView,
  reportSettingsViewOf,
  saveReportSettings,
  type StoredReportSettings,
} from './report-settings.queries.js';

/** What the audit trail says of a child's report settings, field by field. */
function auditValues({
  clinicName,
  logo,
  sectionOrder,
}: Omit<StoredReportSettings, 'updatedAt'>): AuditValues {
  return { clinic_name: clinicName, logo: logo && logoFingerprint(logo), section_order: sectionOrder };
}

/**
 * The clinician report's heading (the clinic's name and logo) and the order of its sections, per child (issue 18,
 * ADR 0053): read by the whole team, set by the owner and the coordinators; each change in the child's audit trail.
 */
@Injectable()
export class ReportSettingsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  async settings(grant: ChildAccessGrant): Promise<ReportSettings> {
    return reportSettingsViewOf(this.em, grant.childId);
  }

  /** The logo's file: 404 when the child's reports have none. */
  async logo(grant: ChildAccessGrant): Promise<LogoFile> {
    const { logo } = await reportSettingsOf(this.em, grant.childId);
    if (!logo) throw new NotFound(ReportSettingsMessages.noLogo);
    return logo;
  }

  /**
   * Changes what the request names (a name or logo of `null` is removed), after checking the logo; what it changes
   * is recorded, before and after, in the child's trail. A request that changes nothing writes nothing. The child is
   * locked first, so two saves at once apply one after the other, each against what the other left.
   */
  async save(grant: ChildAccessGrant, request: ReportSettingsChange): Promise<ReportSettings> {
    const logo: LogoFile | null | undefined =
      typeof request.logo === 'string' ? await readLogo(request.logo) : request.logo;
    return this.em.transactional(async (em) => {
      if (!(await lockChild(em, grant.childId))) throw new ChildNotFound();
      const current = await reportSettingsOf(em, grant.childId);
      const next = {
        clinicName: request.clinic_name === undefined ? current.clinicName : request.clinic_name,
        logo: logo === undefined ? current.logo : logo,
        sectionOrder: request.section_order ?? current.sectionOrder,
      };
      const before = auditValues(current);
      const after = auditValues(next);
      const changed = (Object.keys(after) as Array<keyof AuditValues>).filter(
        (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
      );
      if (changed.length === 0) return reportSettingsView(current);
      await saveReportSettings(em, grant.childId, next, grant.userId);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'REPORT_SETTINGS_CHANGED',
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
      return reportSettingsViewOf(em, grant.childId);
    });
  }
}
