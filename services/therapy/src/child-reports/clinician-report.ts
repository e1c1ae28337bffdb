import type {
  ChildExportLanguage,
  MasteryCriterion,
  PhaseChange,
  PointReason,
  ProgressPoint,
} from '@aba/contracts/api';
import { localDay, percent, ruleFor, wording } from '@aba/mastery';
import { ITEM_STATUS_WORDS } from '../child-export/export-words.js';
import { CLINICIAN_REPORT_WORDS } from './clinician-report-words.js';
import { behaviorWindows, countIn } from './report-periods.js';

/** A 50-minute unit of therapy as the national health insurance pays it: at most 2 a day. */
export const UNIT_MINUTES = 50;
export const UNITS_PER_DAY = 2;

export interface ClinicianReportItemInput {
  description: string;
  phases: PhaseChange[];
  points: ProgressPoint[];
  criterion: MasteryCriterion;
}

export interface ClinicianReportInput {
  language: ChildExportLanguage;
  childName: string;
  timeZone: string;
  from: string;
  to: string;
  /** The 50-minute units a month may hold before the report warns. */
  monthlyUnitsLimit: number;
  /** The period's sessions: the local day each began and how long it lasted. */
  sessions: Array<{ day: string; minutes: number }>;
  subPlans: Array<{ name: string; items: ClinicianReportItemInput[] }>;
  behaviors: Array<{ name: string; perDay: Readonly<Record<string, number>> }>;
}

export interface ReportTable {
  headers: string[];
  rows: string[][];
}

export interface ClinicianReportItem {
  row: string[];
  /** Each counted session's percentage in the period, and where a new status began among them. */
  graph: { values: number[]; phaseStarts: number[] } | null;
}

export interface ClinicianReport {
  title: string;
  period: string;
  sessionsHeading: string;
  sessionsSummary: string;
  unitsRule: string;
  months: ReportTable;
  itemsHeading: string;
  itemHeaders: string[];
  subPlans: Array<{ name: string; items: ClinicianReportItem[] }>;
  noItems: string | null;
  notes: string;
  graphCaption: string;
  behaviorsHeading: string;
  behaviors: ReportTable | null;
  noBehaviors: string;
  signaturesHeading: string;
  signatures: string[];
  signatureLine: string;
}

/** Sessions the rule counts (enough trials, by a counted role): what the baseline and the current level pool. */
const COUNTED: ReadonlySet<PointReason> = new Set(['MET', 'BELOW_THRESHOLD', 'FIRST_TRIAL_NO']);
const POOLED_SESSIONS = 3;

/**
 * The clinician report of `input` (issue 18): the sessions of the period with their hours and 50-minute units per
 * month (warning where a day holds more than 2 or a month more than the limit), each item's status on the period's
 * last day, baseline (its first 3 counted sessions, pooled), current level (the period's last 3 counted sessions,
 * pooled), criterion and the day it was mastered, with a graph of its sessions and phase lines, and the behaviours'
 * rates at the start and end of the period. Every percentage is pooled as the progress module pools it.
 */
export function clinicianReportOf(input: ClinicianReportInput): ClinicianReport {
  const words = CLINICIAN_REPORT_WORDS[input.language];
  const { count, pct } = wording(input.language, input.timeZone);
  const numbers = new Intl.NumberFormat(words.locale, { maximumFractionDigits: 1 });
  const longDate = new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeZone: 'UTC' });
  const dateOf = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));
  const monthName = new Intl.DateTimeFormat(words.locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const { from, to } = input;

  const pooled = (points: ProgressPoint[]) => {
    const yes = points.reduce((sum, point) => sum + point.yes, 0);
    const trials = points.reduce((sum, point) => sum + point.trials, 0);
    return points.length === 0 || trials === 0
      ? words.none
      : words.level(pct(percent(yes, trials)), count(points.length, words.sessions));
  };

  const itemOf = (item: ClinicianReportItemInput): ClinicianReportItem | null => {
    const begun = localDay(item.phases[0].from, input.timeZone);
    if (begun > to) return null;
    const phasesBy = item.phases.filter((phase) => localDay(phase.from, input.timeZone) <= to);
    const status = phasesBy[phasesBy.length - 1].status;
    const mastered = phasesBy.find((phase) => phase.status !== 'IN_LEARNING');
    const counted = item.points.filter((point) => COUNTED.has(point.reason));
    const inPeriod = counted.filter((point) => point.date >= from && point.date <= to);
    const rule = ruleFor(status, item.criterion);
    const phaseStarts = inPeriod.flatMap((point, index) =>
      index > 0 && point.phase !== inPeriod[index - 1].phase ? [index] : [],
    );
    return {
      row: [
        item.description,
        ITEM_STATUS_WORDS[status][input.language],
        pooled(counted.slice(0, POOLED_SESSIONS)),
        pooled(inPeriod.slice(-POOLED_SESSIONS)),
        rule ? words.criterion(rule) : words.none,
        mastered ? dateOf(localDay(mastered.from, input.timeZone)) : words.none,
      ],
      graph: inPeriod.length > 0 ? { values: inPeriod.map((point) => point.pct), phaseStarts } : null,
    };
  };

  const months = new Map<
    string,
    { sessions: number; minutes: number; units: number; perDay: Map<string, number> }
  >();
  for (const session of input.sessions) {
    const month = months.get(session.day.slice(0, 7)) ?? {
      sessions: 0,
      minutes: 0,
      units: 0,
      perDay: new Map(),
    };
    const units = Math.floor(session.minutes / UNIT_MINUTES);
    month.sessions += 1;
    month.minutes += session.minutes;
    month.units += units;
    month.perDay.set(session.day, (month.perDay.get(session.day) ?? 0) + units);
    months.set(session.day.slice(0, 7), month);
  }
  const monthRows = [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, totals]) => {
      const crowded = [...totals.perDay.entries()]
        .filter(([, units]) => units > UNITS_PER_DAY)
        .map(([day]) => dateOf(day));
      const warnings = [
        ...(crowded.length > 0 ? [words.tooManyInADay(crowded.join(', '))] : []),
        ...(totals.units > input.monthlyUnitsLimit ? [words.overMonthLimit(input.monthlyUnitsLimit)] : []),
      ];
      return [
        monthName.format(new Date(`${month}-01T00:00:00Z`)),
        String(totals.sessions),
        numbers.format(Math.round(totals.minutes / 6) / 10),
        String(totals.units),
        warnings.length > 0 ? warnings.join('; ') : words.none,
      ];
    });
  const minutes = input.sessions.reduce((sum, session) => sum + session.minutes, 0);

  const subPlans = input.subPlans
    .map((subPlan) => ({
      name: subPlan.name,
      items: subPlan.items.map(itemOf).filter((item): item is ClinicianReportItem => item !== null),
    }))
    .filter((subPlan) => subPlan.items.length > 0);

  const windows = behaviorWindows(from, to);
  const perDay = (logs: number, days: number) => numbers.format(Math.round((10 * logs) / days) / 10);
  const behaviorRows = input.behaviors
    .map(({ name, perDay: logs }) => {
      const total = Object.values(logs).reduce((sum, n) => sum + n, 0);
      return [
        name,
        String(total),
        windows ? perDay(countIn(logs, windows.first), windows.days) : words.none,
        windows ? perDay(countIn(logs, windows.last), windows.days) : words.none,
      ];
    })
    .filter((row) => row[1] !== '0');
  const windowDays = windows ? count(windows.days, words.days) : '';

  return {
    title: words.title(input.childName),
    period: words.period(dateOf(from), dateOf(to)),
    sessionsHeading: words.sessionsHeading,
    sessionsSummary:
      input.sessions.length > 0
        ? words.sessionsSummary(
            count(input.sessions.length, words.sessions),
            numbers.format(Math.round(minutes / 6) / 10),
          )
        : words.noSessions,
    unitsRule: words.unitsRule(input.monthlyUnitsLimit),
    months: { headers: words.monthHeaders, rows: monthRows },
    itemsHeading: words.itemsHeading,
    itemHeaders: words.itemHeaders,
    subPlans,
    noItems: subPlans.length === 0 ? words.noItems : null,
    notes: words.notes,
    graphCaption: words.graphCaption,
    behaviorsHeading: words.behaviorsHeading,
    behaviors:
      behaviorRows.length > 0
        ? {
            headers: [
              words.behaviorHeaders[0],
              words.behaviorHeaders[1],
              words.windowHeader('first', windowDays),
              words.windowHeader('last', windowDays),
            ],
            rows: behaviorRows,
          }
        : null,
    noBehaviors: words.noBehaviors,
    signaturesHeading: words.signaturesHeading,
    signatures: words.signatures,
    signatureLine: words.signatureLine,
  };
}
