import type { ChildExportLanguage, ItemStatus, PhaseChange, ProgressPoint } from '@aba/contracts/api';
import { localDay, poolPoints, wording } from '@aba/mastery';
import { PARENT_REPORT_WORDS, type ParentReportWords } from './parent-report-words.js';
import { behaviorWindows, countIn, dayNumber, outOfTen } from './report-periods.js';

/** An item as its progress gives it (the progress call's phases and points). */
export interface ParentReportItemInput {
  description: string;
  phases: PhaseChange[];
  points: ProgressPoint[];
}

export interface ParentReportInput {
  language: ChildExportLanguage;
  firstName: string;
  timeZone: string;
  /** The period's first and last local days (inclusive). */
  from: string;
  to: string;
  /** Local days of the period with a session. */
  sessionDays: number;
  subPlans: Array<{ name: string; planNames: string[]; items: ParentReportItemInput[] }>;
  /** Each behaviour's logs in the period, counted per local day. */
  behaviors: Array<{ name: string; perDay: Readonly<Record<string, number>> }>;
}

export interface ParentReportItem {
  name: string;
  statusLabel: string;
  status: string;
  sentences: string[];
  /** Correct answers out of 10, week by week, when there are two weeks or more to draw. */
  graph: { values: number[]; caption: string } | null;
}

/** The report in words: a page of summary, then a page per sub-plan. */
export interface ParentReport {
  title: string;
  period: string;
  summary: string[];
  behaviorsHeading: string;
  behaviors: string[];
  glossaryHeading: string;
  glossary: Array<{ term: string; meaning: string }>;
  subPlans: Array<{ name: string; plans: string; items: ParentReportItem[] }>;
}

/** How often, in words a parent uses: "about 5 a day", "about 2 a week", "less than once a week". */
function ratePhrase(count: number, days: number, words: ParentReportWords): string {
  const perDay = Math.round(count / days);
  if (perDay >= 1) return words.perDay(perDay);
  const perWeek = Math.round((count / days) * 7);
  if (perWeek >= 1) return words.perWeek(perWeek);
  return count === 0 ? words.noneAtAll : words.lessThanWeekly;
}

/**
 * The parent progress report of `input` in its language (issue 18): each item's status in plain words, when work
 * on it began and when it was learned, then versus now as correct answers out of 10 (the first and last weeks of the
 * period, pooled as the progress graphs pool them), and each behaviour's rate at the start and end of the period.
 */
export function parentReportOf(input: ParentReportInput): ParentReport {
  const words = PARENT_REPORT_WORDS[input.language];
  const { count } = wording(input.language, input.timeZone);
  const longDate = new Intl.DateTimeFormat(words.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateOf = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));
  const name = input.firstName;
  const { from, to } = input;
  const dayOfInstant = (instant: string) => localDay(instant, input.timeZone);

  const statusCounts: Record<ItemStatus, number> = { IN_LEARNING: 0, IN_GENERALIZATION: 0, FINISHED: 0 };
  let learnedInPeriod = 0;

  const itemOf = (item: ParentReportItemInput): ParentReportItem | null => {
    const begun = dayOfInstant(item.phases[0].from);
    if (begun > to) return null;
    const phasesBy = item.phases.filter((phase) => dayOfInstant(phase.from) <= to);
    const status = phasesBy[phasesBy.length - 1].status;
    statusCounts[status] += 1;
    const learned = phasesBy.find((phase) => phase.status !== 'IN_LEARNING');
    const learnedOn = learned && dayOfInstant(learned.from);
    if (learnedOn && learnedOn >= from) learnedInPeriod += 1;

    const sentences: string[] = [];
    // Back in learning after a step on (a regression), the work counts from its return.
    if (status === 'IN_LEARNING' || !learnedOn)
      sentences.push(words.working(name, dateOf(dayOfInstant(phasesBy[phasesBy.length - 1].from))));
    else {
      sentences.push(
        status === 'IN_GENERALIZATION'
          ? words.learnedPractising(name, dateOf(learnedOn))
          : words.learned(name, dateOf(learnedOn)),
        words.begun(dateOf(begun)),
      );
    }
    const points = item.points.filter((point) => point.date >= from && point.date <= to);
    const weeks = poolPoints(points, 'week');
    if (weeks.length === 0) sentences.push(words.notPractised);
    else {
      const first = weeks[0];
      const last = weeks[weeks.length - 1];
      sentences.push(
        weeks.length === 1
          ? words.onlyOnce(outOfTen(last.yes, last.trials))
          : words.thenNow(outOfTen(first.yes, first.trials), outOfTen(last.yes, last.trials)),
      );
      const practiceDays = new Set(points.map((point) => point.date)).size;
      const tries = points.reduce((sum, point) => sum + point.trials, 0);
      sentences.push(words.practised(count(practiceDays, words.days), count(tries, words.tries)));
    }
    return {
      name: item.description,
      statusLabel: words.statusLabel,
      status: words.statusWords[status],
      sentences,
      graph:
        weeks.length >= 2
          ? { values: weeks.map((week) => outOfTen(week.yes, week.trials)), caption: words.graphCaption }
          : null,
    };
  };

  const subPlans = input.subPlans
    .map((subPlan) => ({
      name: subPlan.name,
      plans: subPlan.planNames.length > 0 ? words.fromPlans(subPlan.planNames.join(', ')) : words.inNoPlan,
      items: subPlan.items.map(itemOf).filter((item): item is ParentReportItem => item !== null),
    }))
    .filter((subPlan) => subPlan.items.length > 0);

  const summary = [
    words.intro(name, dateOf(from), dateOf(to)),
    input.sessionDays > 0
      ? words.sessionDays(name, count(input.sessionDays, words.days))
      : words.noSessions(name),
  ];
  if (learnedInPeriod > 0) summary.push(words.learnedInPeriod(name, count(learnedInPeriod, words.things)));
  if (statusCounts.FINISHED > 0) summary.push(words.nowLearned(count(statusCounts.FINISHED, words.things)));
  if (statusCounts.IN_GENERALIZATION > 0)
    summary.push(words.nowPractising(count(statusCounts.IN_GENERALIZATION, words.things)));
  if (statusCounts.IN_LEARNING > 0)
    summary.push(words.nowWorking(count(statusCounts.IN_LEARNING, words.things)));
  if (subPlans.length === 0) summary.push(words.nothingPlanned(name));

  const windows = behaviorWindows(from, to);
  const periodDays = dayNumber(to) - dayNumber(from) + 1;
  const behaviors = input.behaviors
    .map(({ name: behavior, perDay }) => {
      const total = Object.values(perDay).reduce((sum, n) => sum + n, 0);
      if (total === 0) return [];
      const times = words.timesCount(total, count(total, words.times));
      const change = windows
        ? words.behaviorChange(
            behavior,
            ratePhrase(countIn(perDay, windows.first), windows.days, words),
            ratePhrase(countIn(perDay, windows.last), windows.days, words),
            windows.days === 14 ? words.twoWeeks : words.windowDays(count(windows.days, words.days)),
          )
        : words.behaviorSteady(behavior, ratePhrase(total, periodDays, words));
      return [change, words.behaviorTotal(times)];
    })
    .flat();

  return {
    title: words.title(name),
    period: words.period(dateOf(from), dateOf(to)),
    summary,
    behaviorsHeading: words.behaviorsHeading,
    behaviors: behaviors.length > 0 ? behaviors : [words.noBehaviors],
    glossaryHeading: words.glossaryHeading,
    glossary: words.glossary,
    subPlans,
  };
}

/** Every sentence the report says, for the check that keeps them short. */
export function sentencesOf(report: ParentReport): string[] {
  return [
    ...report.summary,
    ...report.behaviors,
    ...report.glossary.map((entry) => entry.meaning),
    ...report.subPlans.flatMap((subPlan) => subPlan.items.flatMap((item) => item.sentences)),
  ];
}

/** The average number of words per sentence. */
export function averageSentenceWords(sentences: string[]): number {
  const words = sentences.reduce((sum, sentence) => sum + sentence.split(/\s+/).filter(Boolean).length, 0);
  return sentences.length === 0 ? 0 : words / sentences.length;
}
