import type { ChildExportLanguage, StepRule } from '@aba/contracts/api';
import type { Plural } from '@aba/mastery';

/** What the clinician report says, in each language: the team's and the insurer's words, percentages included. */
export interface ClinicianReportWords {
  locale: string;
  sessions: Plural;
  days: Plural;
  title: (name: string) => string;
  period: (from: string, to: string) => string;
  sessionsHeading: string;
  sessionsSummary: (sessions: string, hours: string) => string;
  noSessions: string;
  unitsRule: (limit: number) => string;
  monthHeaders: [string, string, string, string, string];
  tooManyInADay: (days: string) => string;
  overMonthLimit: (limit: number) => string;
  none: string;
  itemsHeading: string;
  itemHeaders: [string, string, string, string, string, string];
  noItems: string;
  level: (pct: string, sessions: string) => string;
  criterion: (rule: StepRule) => string;
  behaviorsHeading: string;
  behaviorHeaders: [string, string];
  noBehaviors: string;
  windowHeader: (which: 'first' | 'last', days: string) => string;
  graphCaption: string;
  signaturesHeading: string;
  signatures: [string, string];
  signatureLine: string;
  notes: string;
}

const RO: ClinicianReportWords = {
  locale: 'ro-RO',
  sessions: { one: 'sesiune', few: 'sesiuni', other: 'de sesiuni' },
  days: { one: 'zi', few: 'zile', other: 'de zile' },
  title: (name) => `Raport clinic: ${name}`,
  period: (from, to) => `Perioada: ${from} – ${to}`,
  sessionsHeading: 'Sesiuni',
  sessionsSummary: (sessions, hours) => `${sessions} în perioadă, ${hours} ore în total.`,
  noSessions: 'Nicio sesiune în perioadă.',
  unitsRule: (limit) =>
    `Unități de 50 de minute (o sesiune de 50–99 de minute face o unitate): cel mult 2 pe zi și ${limit} pe lună.`,
  monthHeaders: ['Luna', 'Sesiuni', 'Ore', 'Unități de 50 min', 'Atenționări'],
  tooManyInADay: (days) => `peste 2 unități pe zi: ${days}`,
  overMonthLimit: (limit) => `peste limita de ${limit} pe lună`,
  none: '—',
  itemsHeading: 'Itemi',
  itemHeaders: ['Item', 'Stadiu', 'Nivel inițial', 'Nivel actual', 'Criteriu', 'Însușit pe'],
  noItems: 'Niciun item în perioadă.',
  level: (pct, sessions) => `${pct} (${sessions})`,
  criterion: (rule) =>
    `≥ ${rule.threshold_pct} % în ${rule.consecutive_sessions} sesiuni la rând, min. ${rule.min_trials} încercări`,
  behaviorsHeading: 'Comportamente',
  behaviorHeaders: ['Comportament', 'Total în perioadă'],
  noBehaviors: 'Niciun comportament notat în perioadă.',
  windowHeader: (which, days) => `Pe zi, ${which === 'first' ? 'primele' : 'ultimele'} ${days}`,
  graphCaption: '% DA pe sesiune numărată; linia punctată: un stadiu nou',
  signaturesHeading: 'Semnături',
  signatures: ['Coordonator', 'Părinte sau tutore'],
  signatureLine: 'Nume, semnătură și data',
  notes:
    'Nivel inițial: primele 3 sesiuni numărate ale itemului. Nivel actual: ultimele 3 sesiuni numărate din perioadă, cumulate (răspunsuri DA ÷ încercări).',
};

const EN: ClinicianReportWords = {
  locale: 'en-GB',
  sessions: { one: 'session', other: 'sessions' },
  days: { one: 'day', other: 'days' },
  title: (name) => `Clinician report: ${name}`,
  period: (from, to) => `Period: ${from} – ${to}`,
  sessionsHeading: 'Sessions',
  sessionsSummary: (sessions, hours) => `${sessions} in the period, ${hours} hours in all.`,
  noSessions: 'No session in the period.',
  unitsRule: (limit) =>
    `50-minute units (a session of 50–99 minutes makes one unit): at most 2 a day and ${limit} a month.`,
  monthHeaders: ['Month', 'Sessions', 'Hours', '50-min units', 'Warnings'],
  tooManyInADay: (days) => `over 2 units a day: ${days}`,
  overMonthLimit: (limit) => `over the limit of ${limit} a month`,
  none: '—',
  itemsHeading: 'Targets',
  itemHeaders: ['Target', 'Status', 'Baseline', 'Current level', 'Criterion', 'Mastered on'],
  noItems: 'No target in the period.',
  level: (pct, sessions) => `${pct} (${sessions})`,
  criterion: (rule) =>
    `≥ ${rule.threshold_pct} % in ${rule.consecutive_sessions} sessions in a row, at least ${rule.min_trials} trials`,
  behaviorsHeading: 'Behaviours',
  behaviorHeaders: ['Behaviour', 'Total in the period'],
  noBehaviors: 'No behaviour noted in the period.',
  windowHeader: (which, days) => `Per day, ${which} ${days}`,
  graphCaption: '% YES per counted session; dashed line: a new status',
  signaturesHeading: 'Signatures',
  signatures: ['Coordinator', 'Parent or guardian'],
  signatureLine: 'Name, signature and date',
  notes:
    'Baseline: the target’s first 3 counted sessions. Current level: the last 3 counted sessions of the period, pooled (YES ÷ trials).',
};

export const CLINICIAN_REPORT_WORDS: Readonly<Record<ChildExportLanguage, ClinicianReportWords>> = {
  ro: RO,
  en: EN,
};
