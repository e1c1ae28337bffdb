/**
 * The audit page's logic (issue 17, ADR 0047), pure: the view its URL holds (page, kind, person), the pages there are,
 * who made an entry, and each changed field's value as words (codes translated, dates formatted, a criterion short).
 */
import {
  accessTypeSchema,
  AUDIT_FIELDS,
  AUDIT_KINDS,
  CHILD_EXPORT_FORMATS,
  CHILD_REPORT_KINDS,
  CLINICIAN_REPORT_SECTIONS,
  DATA_ROLES,
  DECISION_MODES,
  EVALUATION_RESULTS,
  helperStatusSchema,
  ITEM_STATUSES,
  NEEDS_ATTENTION_KINDS,
  PHASE_CHANGE_MODES,
  PLAN_STATUSES,
  REJECTION_REASONS,
  STATUS_CHANGE_REASONS,
  type AuditEntry,
  type AuditField,
  type AuditKind,
  type AuditPerson,
} from '@aba/contracts/api';
import { formatDate, formatDateTime } from '@aba/web-kit';

/** What the page shows, as its query string keeps it (`?page=2&kind=PLAN_CREATED&user_id=…`): reload and Back keep it. */
export interface AuditView {
  page: number;
  kind?: AuditKind;
  userId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WHOLE = /^[1-9]\d{0,6}$/;

/** The view a query string holds; what is missing or not valid (a page of 0, an unknown kind) is left out. */
export function auditViewOf(search: string): AuditView {
  const params = new URLSearchParams(search);
  const page = params.get('page') ?? '';
  const kind = AUDIT_KINDS.find((known) => known === params.get('kind'));
  const userId = params.get('user_id') ?? '';
  return {
    page: WHOLE.test(page) ? Number(page) : 1,
    ...(kind ? { kind } : {}),
    ...(UUID.test(userId) ? { userId } : {}),
  };
}

/** The query string of a view (`''` for the first page of everything); other parameters of `search` are kept. */
export function auditSearch(view: AuditView, search = ''): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string | undefined) =>
    value === undefined ? params.delete(name) : params.set(name, value);
  set('kind', view.kind);
  set('user_id', view.userId);
  set('page', view.page > 1 ? String(view.page) : undefined);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** How many pages `total` entries fill (at least one: an empty trail is one empty page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A translation function, as react-i18next's `t` is called here. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Who made an entry: their name; the platform itself (null); a former user (an account that no longer exists). */
export function personName(person: AuditPerson | null, t: Translate): string {
  if (person === null) return t('audit.platform');
  return person.name?.trim() || t('audit.formerUser');
}

const unique = (...lists: ReadonlyArray<readonly string[]>): readonly string[] => [...new Set(lists.flat())];

/** The codes a field can hold that the page translates, each as `audit.value.<field>.<code>`. */
export const AUDIT_VALUE_CODES: Readonly<Partial<Record<AuditField, readonly string[]>>> = {
  status: unique(PLAN_STATUSES, ITEM_STATUSES, helperStatusSchema.options),
  mode: unique(PHASE_CHANGE_MODES, DECISION_MODES),
  reason: unique(STATUS_CHANGE_REASONS, REJECTION_REASONS),
  result: EVALUATION_RESULTS,
  access_type: accessTypeSchema.options,
  capture_kind: NEEDS_ATTENTION_KINDS,
  format: CHILD_EXPORT_FORMATS,
  report: CHILD_REPORT_KINDS,
  section_order: CLINICIAN_REPORT_SECTIONS,
};

/** The `common` keys of every word the page may use for a value, for the locale files' check. */
export function auditValueKeys(): string[] {
  return [
    ...Object.entries(AUDIT_VALUE_CODES).flatMap(([field, codes]) =>
      (codes ?? []).map((code) => `audit.value.${field}.${code}`),
    ),
    ...DATA_ROLES.map((role) => `audit.value.role.${role}`),
    ...['none', 'yes', 'no', 'rule', 'criterion', 'roles'].map((key) => `audit.value.${key}`),
  ];
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A step of a criterion as "80 %, ≥ 5 trials, 3 sessions in a row"; null when it is not one. */
function ruleText(rule: unknown, t: Translate): string | null {
  if (!isRecord(rule)) return null;
  const { threshold_pct: pct, min_trials: trials, consecutive_sessions: sessions } = rule;
  if (![pct, trials, sessions].every((value) => typeof value === 'number')) return null;
  return t('audit.value.rule', { pct, trials, sessions });
}

/** A criterion as "In generalization: 80 %, …; Finished: 90 %, …; data of: Parents, Therapists"; null if not one. */
function criterionText(value: unknown, t: Translate): string | null {
  if (!isRecord(value)) return null;
  const toGeneralization = ruleText(value.to_generalization, t);
  const toFinished = ruleText(value.to_finished, t);
  if (toGeneralization === null || toFinished === null) return null;
  const roles = Array.isArray(value.counted_roles)
    ? value.counted_roles.map((role) =>
        DATA_ROLES.some((known) => known === role) ? t(`audit.value.role.${role}`) : String(role),
      )
    : [];
  const steps = t('audit.value.criterion', { toGeneralization, toFinished });
  return roles.length > 0 ? `${steps}; ${t('audit.value.roles', { roles: roles.join(', ') })}` : steps;
}

/**
 * A changed field's value as the page shows it: a known code in words, a day or an instant as every screen writes
 * them (instants in the child's time zone), a criterion in short, a record's id by its first characters, anything else
 * as it came (an object as JSON); nothing as "—".
 */
export function auditValueText(field: AuditField, value: unknown, t: Translate, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return t('audit.value.none');
  if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((part) => auditValueText(field, part, t, timeZone)).join(', ');
  if (typeof value === 'string') {
    if (AUDIT_VALUE_CODES[field]?.includes(value)) return t(`audit.value.${field}.${value}`);
    if (field.endsWith('_id') && UUID.test(value)) return `#${value.slice(0, 8)}`;
    if (CALENDAR_DAY.test(value)) return formatDate(value);
    if (INSTANT.test(value)) return formatDateTime(value, timeZone);
    return value;
  }
  return (field === 'criterion' ? criterionText(value, t) : null) ?? JSON.stringify(value);
}

/** One changed field of an entry: its name, its value before (absent for what was created) and after. */
export interface AuditChange {
  field: AuditField;
  before?: unknown;
  after?: unknown;
  /** Whether the entry has the field on that side. */
  hasBefore: boolean;
  hasAfter: boolean;
}

/**
 * The fields an entry names, each once, in the order of the contract's list (a name before its description, whatever
 * order the server kept them in). A field the same on both sides (kept to say which record it was, e.g. a name) is
 * listed once, as its value; a field with nothing on its one side (an empty description created) is left out.
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const has = (values: object, field: string) => Object.prototype.hasOwnProperty.call(values, field);
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  return AUDIT_FIELDS.filter((field) => has(before, field) || has(after, field)).flatMap(
    (field): AuditChange[] => {
      const hasBefore = has(before, field);
      const hasAfter = has(after, field);
      if (hasBefore && hasAfter) {
        return JSON.stringify(before[field]) === JSON.stringify(after[field])
          ? [{ field, after: after[field], hasBefore: false, hasAfter: true }]
          : [{ field, before: before[field], after: after[field], hasBefore, hasAfter }];
      }
      const value = hasBefore ? before[field] : after[field];
      return empty(value)
        ? []
        : [{ field, ...(hasBefore ? { before: value } : { after: value }), hasBefore, hasAfter }];
    },
  );
}
