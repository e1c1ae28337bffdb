import type { ChildExportLanguage, ItemStatus } from '@aba/contracts/api';
import type { Plural } from '@aba/mastery';

/**
 * What the parent progress report says, in each language: short sentences in everyday words, no therapy jargon (no
 * "DTT", no "criterion", no bare percentages). Counts come formatted (`count`: "12 zile", "20 de încercări").
 */
export interface ParentReportWords {
  locale: string;
  days: Plural;
  tries: Plural;
  things: Plural;
  times: Plural;
  title: (name: string) => string;
  period: (from: string, to: string) => string;
  intro: (name: string, from: string, to: string) => string;
  sessionDays: (name: string, days: string) => string;
  noSessions: (name: string) => string;
  learnedInPeriod: (name: string, things: string) => string;
  nowLearned: (things: string) => string;
  nowPractising: (things: string) => string;
  nowWorking: (things: string) => string;
  nothingPlanned: (name: string) => string;
  behaviorsHeading: string;
  noBehaviors: string;
  /** "Aruncă obiecte: from about 5 a day to about 1 a day (two-week averages)." */
  behaviorChange: (behavior: string, then: string, now: string, window: string) => string;
  behaviorSteady: (behavior: string, rate: string) => string;
  behaviorTotal: (times: string) => string;
  twoWeeks: string;
  windowDays: (days: string) => string;
  perDay: (count: number) => string;
  perWeek: (count: number) => string;
  lessThanWeekly: string;
  noneAtAll: string;
  /** "de 37 de ori", "o dată": how many times, as "noted …" says it. */
  timesCount: (count: number, formatted: string) => string;
  statusWords: Record<ItemStatus, string>;
  statusLabel: string;
  fromPlans: (plans: string) => string;
  inNoPlan: string;
  working: (name: string, since: string) => string;
  learned: (name: string, on: string) => string;
  learnedPractising: (name: string, on: string) => string;
  begun: (on: string) => string;
  thenNow: (then: number, now: number) => string;
  onlyOnce: (now: number) => string;
  notPractised: string;
  practised: (days: string, tries: string) => string;
  graphCaption: string;
  glossaryHeading: string;
  glossary: Array<{ term: string; meaning: string }>;
}

const RO: ParentReportWords = {
  locale: 'ro-RO',
  days: { one: 'zi', few: 'zile', other: 'de zile' },
  tries: { one: 'încercare', few: 'încercări', other: 'de încercări' },
  things: { one: 'lucru', few: 'lucruri', other: 'de lucruri' },
  times: { one: 'dată', few: 'ori', other: 'de ori' },
  title: (name) => `Cum progresează ${name}`,
  period: (from, to) => `Perioada: ${from} – ${to}`,
  intro: (name, from, to) => `Acest raport arată ce a lucrat ${name} între ${from} și ${to}.`,
  sessionDays: (name, days) => `${name} a avut ședințe în ${days}.`,
  noSessions: (name) => `${name} nu a avut ședințe în această perioadă.`,
  learnedInPeriod: (name, things) => `${name} a învățat ${things} în această perioadă.`,
  nowLearned: (things) => `Învățate: ${things}.`,
  nowPractising: (things) => `Se exersează în locuri noi: ${things}.`,
  nowWorking: (things) => `În lucru: ${things}.`,
  nothingPlanned: (name) => `${name} nu are încă lucruri de învățat în plan.`,
  behaviorsHeading: 'Comportamente',
  noBehaviors: 'Nu s-au notat comportamente în această perioadă.',
  behaviorChange: (behavior, then, now, window) => `${behavior}: de la ${then} la ${now} (${window}).`,
  behaviorSteady: (behavior, rate) => `${behavior}: ${rate}.`,
  behaviorTotal: (times) => `Notat ${times} în total.`,
  twoWeeks: 'medii pe două săptămâni',
  windowDays: (days) => `medii pe câte ${days}`,
  perDay: (count) => `aproximativ ${count} pe zi`,
  perWeek: (count) => `aproximativ ${count} pe săptămână`,
  lessThanWeekly: 'mai rar de o dată pe săptămână',
  noneAtAll: '0 pe zi',
  timesCount: (count, formatted) => (count === 1 ? 'o dată' : `de ${formatted}`),
  statusWords: {
    IN_LEARNING: 'în lucru',
    IN_GENERALIZATION: 'exersează în locuri noi',
    FINISHED: 'învățat',
  },
  statusLabel: 'Acum',
  fromPlans: (plans) => `Din planul: ${plans}`,
  inNoPlan: 'Nu face parte acum din niciun plan',
  working: (name, since) => `${name} lucrează la asta din ${since}.`,
  learned: (name, on) => `${name} a învățat asta pe ${on}.`,
  learnedPractising: (name, on) => `${name} a învățat asta pe ${on} și acum o exersează în locuri noi.`,
  begun: (on) => `Lucrul la asta a început pe ${on}.`,
  thenNow: (then, now) => `În această perioadă: de la ${then} din 10 la ${now} din 10 răspunsuri corecte.`,
  onlyOnce: (now) => `În această perioadă: ${now} din 10 răspunsuri corecte.`,
  notPractised: 'Nu s-a lucrat la asta în această perioadă.',
  practised: (days, tries) => `S-a lucrat în ${days}, cu ${tries}.`,
  graphCaption: 'Răspunsuri corecte din 10, pe săptămâni',
  glossaryHeading: 'Cuvinte folosite în raport',
  glossary: [
    { term: 'În lucru', meaning: 'Copilul învață acest lucru acum, în ședințe.' },
    {
      term: 'Exersează în locuri noi',
      meaning: 'L-a învățat și îl exersează acasă, la școală sau cu alți oameni.',
    },
    { term: 'Învățat', meaning: 'Îl face singur, în locuri diferite și cu oameni diferiți.' },
    { term: 'Încercare', meaning: 'O dată când copilul este rugat să facă ceva.' },
    { term: 'Din 10', meaning: 'Câte răspunsuri ar fi corecte din 10 încercări.' },
  ],
};

const EN: ParentReportWords = {
  locale: 'en-GB',
  days: { one: 'day', other: 'days' },
  tries: { one: 'try', other: 'tries' },
  things: { one: 'thing', other: 'things' },
  times: { one: 'time', other: 'times' },
  title: (name) => `How ${name} is doing`,
  period: (from, to) => `Period: ${from} – ${to}`,
  intro: (name, from, to) => `This report shows what ${name} worked on from ${from} to ${to}.`,
  sessionDays: (name, days) => `${name} had sessions on ${days}.`,
  noSessions: (name) => `${name} had no sessions in this period.`,
  learnedInPeriod: (name, things) => `${name} learned ${things} in this period.`,
  nowLearned: (things) => `Learned: ${things}.`,
  nowPractising: (things) => `Practising in new places: ${things}.`,
  nowWorking: (things) => `Working on it: ${things}.`,
  nothingPlanned: (name) => `${name} has nothing to learn in a plan yet.`,
  behaviorsHeading: 'Behaviours',
  noBehaviors: 'No behaviours were noted in this period.',
  behaviorChange: (behavior, then, now, window) => `${behavior}: from ${then} to ${now} (${window}).`,
  behaviorSteady: (behavior, rate) => `${behavior}: ${rate}.`,
  behaviorTotal: (times) => `Noted ${times} in all.`,
  twoWeeks: 'two-week averages',
  windowDays: (days) => `averages over ${days} each`,
  perDay: (count) => `about ${count} a day`,
  perWeek: (count) => `about ${count} a week`,
  lessThanWeekly: 'less than once a week',
  noneAtAll: '0 a day',
  timesCount: (count, formatted) => (count === 1 ? 'once' : formatted),
  statusWords: {
    IN_LEARNING: 'working on it',
    IN_GENERALIZATION: 'practising in new places',
    FINISHED: 'learned',
  },
  statusLabel: 'Now',
  fromPlans: (plans) => `From the plan: ${plans}`,
  inNoPlan: 'Not part of any plan now',
  working: (name, since) => `${name} has been working on this since ${since}.`,
  learned: (name, on) => `${name} learned this on ${on}.`,
  learnedPractising: (name, on) => `${name} learned this on ${on} and now practises it in new places.`,
  begun: (on) => `Work on this began on ${on}.`,
  thenNow: (then, now) => `In this period: from ${then} of 10 to ${now} of 10 correct answers.`,
  onlyOnce: (now) => `In this period: ${now} of 10 correct answers.`,
  notPractised: 'Not practised in this period.',
  practised: (days, tries) => `Practised on ${days}, with ${tries}.`,
  graphCaption: 'Correct answers out of 10, by week',
  glossaryHeading: 'Words used in this report',
  glossary: [
    { term: 'Working on it', meaning: 'Your child is learning this now, in sessions.' },
    {
      term: 'Practising in new places',
      meaning: 'Learned, and now practised at home, at school or with other people.',
    },
    { term: 'Learned', meaning: 'Done alone, in different places and with different people.' },
    { term: 'Try', meaning: 'One time your child is asked to do something.' },
    { term: 'Of 10', meaning: 'How many answers would be right out of 10 tries.' },
  ],
};

export const PARENT_REPORT_WORDS: Readonly<Record<ChildExportLanguage, ParentReportWords>> = {
  ro: RO,
  en: EN,
};

/** Words a parent should not meet in the report: therapy jargon and bare percentages (the tests look for them). */
export const JARGON = [
  /\bDTT\b/i,
  /criteri/i,
  /%/,
  /baseline/i,
  /\bprompt/i,
  /generaliz/i,
  /însușir/i,
  /mastery/i,
];
