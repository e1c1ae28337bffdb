import {
  REPORT_LOGO,
  REPORT_LOGO_MEDIA_TYPES,
  ReportSettingsMessages,
  reportSettingsRequestSchema,
  type ClinicianReportSection,
  type ReportSettings,
  type ReportSettingsRequest,
} from '@aba/contracts/api';

/**
 * The report settings' form (issue 18, ADR 0053), pure: what the form holds, what of it changed, and what is wrong
 * with it before it is sent.
 */

/** The logo as the form holds it: the one saved (if any), none, or a file chosen and not yet saved. */
export type LogoDraft =
  | { kind: 'saved' }
  | { kind: 'none' }
  | { kind: 'chosen'; base64: string; dataUrl: string; fileName: string };

export interface ReportSettingsDraft {
  clinicName: string;
  logo: LogoDraft;
  sectionOrder: ClinicianReportSection[];
}

/** The form as the saved settings fill it. */
export function draftOf(settings: ReportSettings): ReportSettingsDraft {
  return {
    clinicName: settings.clinic_name ?? '',
    logo: settings.logo ? { kind: 'saved' } : { kind: 'none' },
    sectionOrder: [...settings.section_order],
  };
}

/** What the form changes of the saved settings, as the call takes it; null when it changes nothing. */
export function changeOf(settings: ReportSettings, draft: ReportSettingsDraft): ReportSettingsRequest | null {
  const change: ReportSettingsRequest = {};
  const name = draft.clinicName.trim();
  if (name !== (settings.clinic_name ?? '')) change.clinic_name = name || null;
  if (draft.logo.kind === 'chosen') change.logo = draft.logo.base64;
  else if (draft.logo.kind === 'none' && settings.logo) change.logo = null;
  if (draft.sectionOrder.join() !== settings.section_order.join()) change.section_order = draft.sectionOrder;
  return Object.keys(change).length > 0 ? change : null;
}

/** The order with the section at `index` moved one place up (-1) or down (1); the same order at either end. */
export function moveSection(
  order: readonly ClinicianReportSection[],
  index: number,
  by: -1 | 1,
): ClinicianReportSection[] {
  const target = index + by;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const moved = [...order];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

/** What is wrong with a file chosen as the logo before it is sent (the server checks it again, and its sides). */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!Object.values(REPORT_LOGO_MEDIA_TYPES).includes(file.type)) return ReportSettingsMessages.logoNotImage;
  if (file.size > REPORT_LOGO.maxBytes) return ReportSettingsMessages.logoTooLarge;
  return null;
}

/** What is wrong with the clinic's name as typed, as the call's own schema says it. */
export function clinicNameProblem(name: string): string | null {
  const parsed = reportSettingsRequestSchema.safeParse({ clinic_name: name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export type ReportSettingsField = 'clinicName' | 'logo' | 'sectionOrder';

const FIELD_OF_MESSAGE: Readonly<Record<string, ReportSettingsField>> = {
  [ReportSettingsMessages.clinicNameTooLong]: 'clinicName',
  [ReportSettingsMessages.logoNotImage]: 'logo',
  [ReportSettingsMessages.logoTooLarge]: 'logo',
  [ReportSettingsMessages.logoSize]: 'logo',
  [ReportSettingsMessages.sectionOrderInvalid]: 'sectionOrder',
};

/** The field a refusal is about, so it is said under it; null for one said above the form. */
export function fieldOfProblem(message: string): ReportSettingsField | null {
  return FIELD_OF_MESSAGE[message] ?? null;
}

/** A data URL's base64 part (what the call takes as the logo). */
export function base64OfDataUrl(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
