import type { PhaseChange } from '@aba/contracts/api';
import { phaseChange, progressPoint } from '../testing/progress-point.js';
import {
  averageSentenceWords,
  parentReportOf,
  sentencesOf,
  type ParentReportInput,
} from './parent-report.js';
import { JARGON } from './parent-report-words.js';

const point = progressPoint;

const created = (day: string) => phaseChange('IN_LEARNING', day);

/** Logs of a behaviour: `count` on each day of a run of days. */
function logs(from: string, days: number, count: number): Record<string, number> {
  const perDay: Record<string, number> = {};
  for (let day = 0; day < days; day++) {
    perDay[new Date(Date.parse(`${from}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10)] = count;
  }
  return perDay;
}

const INPUT: Omit<ParentReportInput, 'language'> = {
  firstName: 'Radu',
  timeZone: 'Europe/Bucharest',
  from: '2026-09-01',
  to: '2026-10-31',
  sessionDays: 24,
  subPlans: [
    {
      name: 'Comunicare',
      planNames: ['Plan de toamnă'],
      items: [
        {
          // Learned in the period, now practised in new places: 2 of 10 the first week, 8 of 10 the last.
          description: 'Cere apă folosind cartonașul',
          phases: [created('2026-08-20'), phaseChange('IN_GENERALIZATION', '2026-10-02', { mode: 'AUTO' })],
          points: [
            point('2026-08-25', 0, 10),
            point('2026-09-01', 1, 10),
            point('2026-09-03', 3, 10),
            point('2026-09-15', 5, 10),
            point('2026-10-27', 7, 10),
            point('2026-10-29', 9, 10),
          ],
        },
        {
          description: 'Răspunde la nume',
          phases: [created('2026-09-10')],
          points: [point('2026-09-14', 4, 10)],
        },
        { description: 'Arată spre obiecte', phases: [created('2026-09-20')], points: [] },
        // Begun after the period: not in the report.
        {
          description: 'Spune „bună”',
          phases: [created('2026-11-10')],
          points: [point('2026-11-11', 5, 10)],
        },
      ],
    },
  ],
  behaviors: [
    // About 5 a day in the first two weeks of September, about 1 a day in the last two of October.
    { name: 'Aruncă obiecte', perDay: { ...logs('2026-09-01', 14, 5), ...logs('2026-10-18', 14, 1) } },
    { name: 'Țipă', perDay: {} },
    { name: 'Se lovește', perDay: { '2026-09-02': 1, '2026-09-20': 1 } },
  ],
};

describe('the parent progress report in words', () => {
  it('says each item’s status in plain words, when it began and was learned, and then versus now out of 10', () => {
    const report = parentReportOf({ ...INPUT, language: 'ro' });
    const [subPlan] = report.subPlans;
    expect(subPlan).toMatchObject({ name: 'Comunicare', plans: 'Din planul: Plan de toamnă' });
    expect(subPlan.items.map((item) => item.name)).toEqual([
      'Cere apă folosind cartonașul',
      'Răspunde la nume',
      'Arată spre obiecte',
    ]);
    const [water, name, point] = subPlan.items;
    expect(water.status).toBe('exersează în locuri noi');
    expect(water.sentences).toEqual([
      'Radu a învățat asta pe 2 octombrie 2026 și acum o exersează în locuri noi.',
      'Lucrul la asta a început pe 20 august 2026.',
      // Week of 1 September: 4 of 20; week of 26 October: 16 of 20 (the August session is before the period).
      'În această perioadă: de la 2 din 10 la 8 din 10 răspunsuri corecte.',
      'S-a lucrat în 5 zile, cu 50 de încercări.',
    ]);
    expect(water.graph?.values).toEqual([2, 5, 8]);
    expect(name).toMatchObject({
      status: 'în lucru',
      sentences: [
        'Radu lucrează la asta din 10 septembrie 2026.',
        'În această perioadă: 4 din 10 răspunsuri corecte.',
        'S-a lucrat în 1 zi, cu 10 încercări.',
      ],
      graph: null,
    });
    expect(point.sentences).toContain('Nu s-a lucrat la asta în această perioadă.');
  });

  it('says the status on the period’s last day, and counts work again from a return to learning', () => {
    const change = (status: PhaseChange['status'], day: string) =>
      phaseChange(status, day, { actor: 'Ana P.' });
    const report = parentReportOf({
      ...INPUT,
      language: 'ro',
      subPlans: [
        {
          name: 'Comunicare',
          planNames: [],
          items: [
            {
              description: 'Înapoi la lucru',
              phases: [
                created('2026-08-20'),
                change('IN_GENERALIZATION', '2026-09-10'),
                change('IN_LEARNING', '2026-10-01'),
              ],
              points: [],
            },
            {
              description: 'Învățat după perioadă',
              phases: [created('2026-08-20'), change('FINISHED', '2026-11-05')],
              points: [],
            },
          ],
        },
      ],
    });
    const [back, later] = report.subPlans[0].items;
    expect(report.subPlans[0].plans).toBe('Nu face parte acum din niciun plan');
    expect(back).toMatchObject({ status: 'în lucru' });
    expect(back.sentences[0]).toBe('Radu lucrează la asta din 1 octombrie 2026.');
    expect(later).toMatchObject({ status: 'în lucru' });
    expect(later.sentences[0]).toBe('Radu lucrează la asta din 20 august 2026.');
    expect(report.summary).toContain('Radu a învățat 1 lucru în această perioadă.');
  });

  it('sums the period up, with behaviours as rates a parent reads: about so many a day or a week', () => {
    const report = parentReportOf({ ...INPUT, language: 'ro' });
    expect(report.title).toBe('Cum progresează Radu');
    expect(report.period).toBe('Perioada: 1 septembrie 2026 – 31 octombrie 2026');
    expect(report.summary).toEqual([
      'Acest raport arată ce a lucrat Radu între 1 septembrie 2026 și 31 octombrie 2026.',
      'Radu a avut ședințe în 24 de zile.',
      'Radu a învățat 1 lucru în această perioadă.',
      'Se exersează în locuri noi: 1 lucru.',
      'În lucru: 2 lucruri.',
    ]);
    expect(report.behaviors).toEqual([
      'Aruncă obiecte: de la aproximativ 5 pe zi la aproximativ 1 pe zi (medii pe două săptămâni).',
      'Notat de 84 de ori în total.',
      'Se lovește: de la aproximativ 1 pe săptămână la 0 pe zi (medii pe două săptămâni).',
      'Notat de 2 ori în total.',
    ]);
  });

  it('says the same in English', () => {
    const report = parentReportOf({ ...INPUT, language: 'en' });
    expect(report.subPlans[0].items[0]).toMatchObject({
      status: 'practising in new places',
      sentences: [
        'Radu learned this on 2 October 2026 and now practises it in new places.',
        'Work on this began on 20 August 2026.',
        'In this period: from 2 of 10 to 8 of 10 correct answers.',
        'Practised on 5 days, with 50 tries.',
      ],
    });
    expect(report.behaviors[0]).toBe(
      'Aruncă obiecte: from about 5 a day to about 1 a day (two-week averages).',
    );
  });

  it('compares the halves of a period shorter than four weeks, and says when nothing was noted', () => {
    const report = parentReportOf({
      ...INPUT,
      language: 'ro',
      from: '2026-09-01',
      to: '2026-09-10',
      behaviors: [
        { name: 'Aruncă obiecte', perDay: logs('2026-09-01', 5, 3) },
        { name: 'Țipă', perDay: {} },
      ],
    });
    expect(report.behaviors).toEqual([
      'Aruncă obiecte: de la aproximativ 3 pe zi la 0 pe zi (medii pe câte 5 zile).',
      'Notat de 15 ori în total.',
    ]);
    expect(parentReportOf({ ...INPUT, language: 'en', behaviors: [] }).behaviors).toEqual([
      'No behaviours were noted in this period.',
    ]);
  });

  it.each(['ro', 'en'] as const)(
    'in %s keeps sentences short (15 words on average at most) and free of jargon and percentages',
    (language) => {
      const sentences = sentencesOf(parentReportOf({ ...INPUT, language }));
      expect(averageSentenceWords(sentences)).toBeLessThanOrEqual(15);
      for (const sentence of sentences) for (const word of JARGON) expect(sentence).not.toMatch(word);
    },
  );
});
