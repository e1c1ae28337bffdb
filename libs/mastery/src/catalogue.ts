import type { DataRole } from '@aba/contracts/api';
import type { Language } from './model.js';

/**
 * Every string the explanations and trends are made of, in both languages side by side. Numbers, dates and lists
 * arrive already formatted for the language's locale (`format.ts`); a counted noun has one form per plural category
 * of `Intl.PluralRules` (Romanian says "2 sesiuni" but "20 de sesiuni").
 */

/** A noun's forms by plural category; `other` is the fallback. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Catalogue {
  /** The locale numbers, dates and lists are formatted in. */
  locale: string;
  goodSessions: Plural;
  sessions: Plural;
  trials: Plural;
  percentagePoints: Plural;
  differentPeople: Plural;
  roles: Record<DataRole, string>;
  // headlines (first sentence) -----------------------------------------------------------------------------
  /** "2 of 3 good sessions" (`needed` is counted: "3 good sessions"). */
  progress: (streak: number, needed: string) => string;
  /** ", run by at least 2 different people" (`people` is counted). */
  byAtLeast: (people: string) => string;
  met: (streak: string) => string;
  /** ", run by Ana P. and Bob M." */
  runBy: (names: string) => string;
  mastered: string;
  pending: string;
  allRunBy: (streak: string, names: string) => string;
  otherPeopleNeeded: (missing: number) => string;
  setByHand: (actor: string | null) => string;
  becauseOf: (reason: string) => string;
  countStartsThen: string;
  /** "needs 3 sessions in a row at ≥ 80 % with at least 5 trials each" (`sessions`, `trials` counted). */
  noData: (sessions: string, threshold: string, trials: string) => string;
  /** The same when only each session's first trial counts. */
  noDataFirstTrial: (sessions: string) => string;
  // points ---------------------------------------------------------------------------------------------------
  /** "12 Mar (Ana P.)" */
  pointHeading: (date: string, person: string) => string;
  firstTrial: (yes: boolean) => string;
  under: (threshold: string) => string;
  streakRestarts: string;
  tooFew: (trials: string, minimum: number) => string;
  streakGoesOn: string;
  roleNotCounted: (role: string) => string;
  beforeRejection: string;
  // trend ----------------------------------------------------------------------------------------------------
  perWeek: (slope: string) => string;
  forecast: (sessions: string) => string;
  alreadyMet: string;
  flat: string;
  falling: (perWeek: string) => string;
}

const en: Catalogue = {
  locale: 'en-GB',
  goodSessions: { one: 'good session', other: 'good sessions' },
  sessions: { one: 'session', other: 'sessions' },
  trials: { one: 'trial', other: 'trials' },
  percentagePoints: { one: 'point', other: 'points' },
  differentPeople: { one: 'person', other: 'different people' },
  roles: { PARENT: 'parent', THERAPIST: 'therapist', COORDINATOR: 'coordinator' },

  progress: (streak, needed) => `${streak} of ${needed}`,
  byAtLeast: (people) => `, run by at least ${people}`,
  met: (streak) => `Criterion met: ${streak} in a row`,
  runBy: (names) => `, run by ${names}`,
  mastered: 'Criterion met: the target is mastered.',
  pending: "Criterion met; waiting for a coordinator's confirmation.",
  allRunBy: (streak, names) => `${streak} in a row, all run by ${names}`,
  otherPeopleNeeded: (missing) =>
    missing === 1 ? 'another person must run one.' : `${missing} other people must each run one.`,
  setByHand: (actor) => (actor ? `Status set by hand by ${actor}` : 'Status set by hand'),
  becauseOf: (reason) => ` (reason: ${reason})`,
  countStartsThen: '; the count starts from then',
  noData: (sessions, threshold, trials) =>
    `No session counted yet: needs ${sessions} in a row at ≥ ${threshold} with at least ${trials} each`,
  noDataFirstTrial: (sessions) =>
    `No session counted yet: needs ${sessions} in a row whose first trial is YES`,

  pointHeading: (date, person) => `${date} (${person})`,
  firstTrial: (yes) => (yes ? 'first trial YES' : 'first trial NO'),
  under: (threshold) => `under ${threshold}`,
  streakRestarts: 'the streak starts again',
  tooFew: (trials, minimum) => `${trials}, under the minimum of ${minimum}, not counted`,
  streakGoesOn: 'the streak goes on',
  roleNotCounted: (role) => `not counted (${role} data)`,
  beforeRejection: 'before the rejected suggestion, not counted',

  perWeek: (slope) => `${slope} per week`,
  forecast: (sessions) => `at this pace the criterion is met in about ${sessions}`,
  alreadyMet: 'the criterion is already met',
  flat: 'flat: no change per week',
  falling: (perWeek) => `falling: ${perWeek}`,
};

const ro: Catalogue = {
  locale: 'ro-RO',
  goodSessions: { one: 'sesiune bună', few: 'sesiuni bune', other: 'de sesiuni bune' },
  sessions: { one: 'sesiune', few: 'sesiuni', other: 'de sesiuni' },
  trials: { one: 'încercare', few: 'încercări', other: 'de încercări' },
  percentagePoints: { one: 'punct', few: 'puncte', other: 'de puncte' },
  differentPeople: { one: 'persoană', few: 'persoane diferite', other: 'de persoane diferite' },
  roles: { PARENT: 'părinte', THERAPIST: 'terapeut', COORDINATOR: 'coordonator' },

  progress: (streak, needed) => `${streak} din ${needed}`,
  byAtLeast: (people) => `, conduse de cel puțin ${people}`,
  met: (streak) => `Criteriu îndeplinit: ${streak} la rând`,
  runBy: (names) => `, conduse de ${names}`,
  mastered: 'Criteriu îndeplinit: ținta este însușită.',
  pending: 'Criteriu îndeplinit; se așteaptă confirmarea unui coordonator.',
  allRunBy: (streak, names) => `${streak} la rând, toate conduse de ${names}`,
  otherPeopleNeeded: (missing) =>
    missing === 1
      ? 'o altă persoană trebuie să conducă una.'
      : `alte ${missing} persoane trebuie să conducă câte una.`,
  setByHand: (actor) => (actor ? `Statusul a fost setat manual de ${actor}` : 'Statusul a fost setat manual'),
  becauseOf: (reason) => ` (motiv: ${reason})`,
  countStartsThen: '; numărătoarea începe de atunci',
  noData: (sessions, threshold, trials) =>
    `Nicio sesiune numărată încă: e nevoie de ${sessions} la rând la ≥ ${threshold}, cu cel puțin ${trials} fiecare`,
  noDataFirstTrial: (sessions) =>
    `Nicio sesiune numărată încă: e nevoie de ${sessions} la rând cu prima încercare DA`,

  pointHeading: (date, person) => `${date} (${person})`,
  firstTrial: (yes) => (yes ? 'prima încercare DA' : 'prima încercare NU'),
  under: (threshold) => `sub ${threshold}`,
  streakRestarts: 'seria începe din nou',
  tooFew: (trials, minimum) => `${trials}, sub minimul de ${minimum}, nu se numără`,
  streakGoesOn: 'seria continuă',
  roleNotCounted: (role) => `nu se numără (date introduse de ${role})`,
  beforeRejection: 'dinainte de sugestia respinsă, nu se numără',

  perWeek: (slope) => `${slope} pe săptămână`,
  forecast: (sessions) => `în acest ritm criteriul e îndeplinit în aproximativ ${sessions}`,
  alreadyMet: 'criteriul este deja îndeplinit',
  flat: 'constant: nicio schimbare pe săptămână',
  falling: (perWeek) => `în scădere: ${perWeek}`,
};

export const CATALOGUE: Readonly<Record<Language, Catalogue>> = { en, ro };
