import type { EntityManager } from '@mikro-orm/core';
import {
  CLINICIAN_REPORT_SECTIONS,
  type ClinicianReportSection,
  type ReportLogoType,
  type ReportSettings,
} from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';
import { isoTimestampSql } from '../plans/detailed-views.queries.js';
import type { LogoFile } from './report-logo.js';

/** A child's report settings with its logo's file, as kept. */
export interface StoredReportSettings {
  clinicName: string | null;
  logo: LogoFile | null;
  sectionOrder: ClinicianReportSection[];
  /** When they were last saved, as an ISO instant. */
  updatedAt: string | null;
}

interface SettingsRow {
  clinic_name: string | null;
  logo: Buffer | null;
  logo_type: ReportLogoType | null;
  logo_width: number | null;
  logo_height: number | null;
  section_order: ClinicianReportSection[];
  updated_at: string;
}

/** A child's report settings; the defaults (no name, no logo, the sections' first order) when none were saved. */
export async function reportSettingsOf(em: EntityManager, childId: string): Promise<StoredReportSettings> {
  const [row] = await sqlRows<SettingsRow>(
    em,
    `select "clinic_name", "logo", "logo_type", "logo_width", "logo_height", "section_order",
            ${isoTimestampSql('"updated_at"')} as "updated_at"
       from "child_report_settings" where "child_id" = ?`,
    [childId],
  );
  if (!row)
    return { clinicName: null, logo: null, sectionOrder: [...CLINICIAN_REPORT_SECTIONS], updatedAt: null };
  return {
    clinicName: row.clinic_name,
    logo:
      row.logo && row.logo_type && row.logo_width && row.logo_height
        ? {
            type: row.logo_type,
            width: row.logo_width,
            height: row.logo_height,
            bytes: row.logo.length,
            data: row.logo,
          }
        : null,
    sectionOrder: row.section_order,
    updatedAt: row.updated_at,
  };
}

/** Saves a child's report settings whole, by `userId`. */
export async function saveReportSettings(
  em: EntityManager,
  childId: string,
  settings: Omit<StoredReportSettings, 'updatedAt'>,
  userId: string,
): Promise<void> {
  const { clinicName, logo, sectionOrder } = settings;
  await sqlRows(
    em,
    `insert into "child_report_settings" ("child_id", "clinic_name", "logo", "logo_type", "logo_width", "logo_height",
       "section_order", "updated_by")
     values (?, ?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?)
     on conflict ("child_id") do update set "clinic_name" = excluded."clinic_name", "logo" = excluded."logo",
       "logo_type" = excluded."logo_type", "logo_width" = excluded."logo_width",
       "logo_height" = excluded."logo_height", "section_order" = excluded."section_order",
       "updated_by" = excluded."updated_by", "updated_at" = now()`,
    [
      childId,
      clinicName,
      logo?.data ?? null,
      logo?.type ?? null,
      logo?.width ?? null,
      logo?.height ?? null,
      JSON.stringify(sectionOrder),
      userId,
    ],
  );
}

/** The settings as the calls answer them: the logo described, not sent. */
export function reportSettingsView({
  clinicName,
  logo,
  sectionOrder,
  updatedAt,
}: StoredReportSettings): ReportSettings {
  return {
    clinic_name: clinicName,
    logo: logo && { type: logo.type, width: logo.width, height: logo.height, bytes: logo.bytes },
    section_order: sectionOrder,
    updated_at: updatedAt,
  };
}
