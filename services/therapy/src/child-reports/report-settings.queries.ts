import type { EntityManager } from '@mikro-orm/core';
import {
  CLINICIAN_REPORT_SECTIONS,
  type ClinicianReportSection,
  type ReportLogo,
  type ReportLogoType,
  type ReportSettings,
} from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';
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
  logo_type: ReportLogoType | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_bytes: number | null;
  section_order: ClinicianReportSection[];
  updated_at: Date | string;
}

/** The columns both reads take; the logo's file only when asked (`withFile`): the settings call needs its size only. */
const settingsSql = (withFile: boolean) =>
  `select "clinic_name", "logo_type", "logo_width", "logo_height", octet_length("logo") as "logo_bytes",
          "section_order", "updated_at"${withFile ? ', "logo"' : ''}
     from "child_report_settings" where "child_id" = ?`;

const DEFAULTS = {
  clinicName: null,
  logo: null,
  sectionOrder: [...CLINICIAN_REPORT_SECTIONS],
  updatedAt: null,
};

/** The logo a row describes, without its file; null without one. */
function logoOf(row: SettingsRow): ReportLogo | null {
  const { logo_type: type, logo_width: width, logo_height: height, logo_bytes: bytes } = row;
  return type && width && height && bytes ? { type, width, height, bytes } : null;
}

/**
 * A child's report settings with its logo's file (for a report, the logo call and a change); the defaults (no
 * name, no logo, the sections' first order) when none were saved.
 */
export async function reportSettingsOf(em: EntityManager, childId: string): Promise<StoredReportSettings> {
  const [row] = await sqlRows<SettingsRow & { logo: Buffer | null }>(em, settingsSql(true), [childId]);
  if (!row) return { ...DEFAULTS, sectionOrder: [...DEFAULTS.sectionOrder] };
  const logo = logoOf(row);
  return {
    clinicName: row.clinic_name,
    logo: logo && row.logo ? { ...logo, data: row.logo } : null,
    sectionOrder: row.section_order,
    updatedAt: toIso(row.updated_at),
  };
}

/** A child's report settings as the calls answer them: the logo described, its file not read. */
export async function reportSettingsViewOf(em: EntityManager, childId: string): Promise<ReportSettings> {
  const [row] = await sqlRows<SettingsRow>(em, settingsSql(false), [childId]);
  return reportSettingsView(
    row
      ? {
          clinicName: row.clinic_name,
          logo: logoOf(row),
          sectionOrder: row.section_order,
          updatedAt: toIso(row.updated_at),
        }
      : { ...DEFAULTS, sectionOrder: [...DEFAULTS.sectionOrder] },
  );
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
}: Omit<StoredReportSettings, 'logo'> & { logo: ReportLogo | null }): ReportSettings {
  return {
    clinic_name: clinicName,
    logo: logo && { type: logo.type, width: logo.width, height: logo.height, bytes: logo.bytes },
    section_order: sectionOrder,
    updated_at: updatedAt,
  };
}
