import type { MasteryCriterion, PointReason, ProgressPoint } from '@aba/contracts/api';
import { phaseChange, progressPoint } from '../testing/progress-point.js';
import { clinicianReportOf, type ClinicianReportInput } from './clinician-report.js';

const rule = {
  threshold_pct: 80,
  min_trials: 5,
  consecutive_sessions: 3,
  scoring: 'ALL_TRIALS',
  min_people: 1,
};
const CRITERION = {
  to_generalization: rule,
  to_finished: { ...rule, threshold_pct: 90 },
  counted_roles: ['PARENT', 'THERAPIST', 'COORDINATOR'],
} as unknown as MasteryCriterion;

const point = (
  date: string,
  yes: number,
  trials: number,
  phase?: ProgressPoint['phase'],
  reason?: PointReason,
) => progressPoint(date, yes, trials, { phase, reason });

const INPUT: Omit<ClinicianReportInput, 'language'> = {
  childName: 'Radu Ionescu',
  timeZone: 'Europe/Bucharest',
  from: '2026-09-01',
  to: '2026-10-31',
  monthlyUnitsLimit: 3,
  sessions: [
    { day: '2026-09-02', minutes: 55 },
    { day: '2026-09-02', minutes: 110 },
    { day: '2026-09-03', minutes: 45 },
    { day: '2026-10-05', minutes: 100 },
    { day: '2026-10-06', minutes: 50 },
  ],
  subPlans: [
    {
      name: 'Comunicare',
      items: [
        {
          description: 'Cere apă',
          criterion: CRITERION,
          phases: [
            phaseChange('IN_LEARNING', '2026-08-20'),
            phaseChange('IN_GENERALIZATION', '2026-10-02', { mode: 'AUTO' }),
          ],
          points: [
            point('2026-08-25', 1, 10),
            point('2026-08-26', 2, 10),
            point('2026-08-27', 0, 2, 'IN_LEARNING', 'TOO_FEW_TRIALS'),
            point('2026-08-28', 3, 10),
            point('2026-09-28', 8, 10, 'IN_LEARNING', 'MET'),
            point('2026-10-03', 9, 10, 'IN_GENERALIZATION'),
            point('2026-10-04', 7, 10, 'IN_GENERALIZATION'),
          ],
        },
      ],
    },
  ],
  behaviors: [
    { name: 'Aruncă obiecte', perDay: { '2026-09-01': 14, '2026-10-31': 7 } },
    { name: 'Țipă', perDay: {} },
  ],
};

describe('the clinician report', () => {
  it('counts the sessions, their hours and 50-minute units per month, and warns past 2 a day or the monthly limit', () => {
    const report = clinicianReportOf({ ...INPUT, language: 'ro' });
    expect(report.title).toBe('Raport clinic: Radu Ionescu');
    expect(report.sessionsSummary).toBe('5 sesiuni în perioadă, 6 ore în total.');
    expect(report.months.headers).toEqual(['Luna', 'Sesiuni', 'Ore', 'Unități de 50 min', 'Atenționări']);
    expect(report.months.rows).toEqual([
      // 55 + 110 + 45 minutes: 1 + 2 + 0 units, 3 of them on 2 September.
      ['septembrie 2026', '3', '3,5', '3', 'peste 2 unități pe zi: 2 septembrie 2026'],
      ['octombrie 2026', '2', '2,5', '3', '—'],
    ]);
    expect(clinicianReportOf({ ...INPUT, language: 'en', monthlyUnitsLimit: 2 }).months.rows[1]).toEqual([
      'October 2026',
      '2',
      '2.5',
      '3',
      'over the limit of 2 a month',
    ]);
  });

  it('gives each item its status then, baseline, current level, criterion and mastery day, with its graph', () => {
    const report = clinicianReportOf({ ...INPUT, language: 'ro' });
    const [item] = report.subPlans[0].items;
    expect(item.row).toEqual([
      'Cere apă',
      'În generalizare',
      // The first 3 counted sessions (the one of 2 trials does not count): 6 of 30.
      '20 % (3 sesiuni)',
      // The period's last 3 counted sessions: 24 of 30.
      '80 % (3 sesiuni)',
      '≥ 90 % în 3 sesiuni la rând, min. 5 încercări',
      '2 octombrie 2026',
    ]);
    expect(item.graph).toEqual({ values: [80, 90, 70], phaseStarts: [1] });
    const september = clinicianReportOf({ ...INPUT, language: 'ro', to: '2026-09-30' }).subPlans[0].items[0];
    expect(september.row.slice(1)).toEqual([
      'În învățare',
      '20 % (3 sesiuni)',
      '80 % (1 sesiune)',
      '≥ 80 % în 3 sesiuni la rând, min. 5 încercări',
      '—',
    ]);
  });

  it('tables the behaviours noted, per day at the start and end of the period', () => {
    const report = clinicianReportOf({ ...INPUT, language: 'en' });
    expect(report.behaviors).toEqual({
      headers: ['Behaviour', 'Total in the period', 'Per day, first 14 days', 'Per day, last 14 days'],
      rows: [['Aruncă obiecte', '21', '1', '0.5']],
    });
    expect(clinicianReportOf({ ...INPUT, language: 'en', behaviors: [] }).behaviors).toBeNull();
  });
});
