import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  auditResponseSchema,
  ChildMessages,
  ChildReportMessages,
  SessionMessages,
  type ProgressPoint,
} from '@aba/contracts/api';
import { byHeader, download, filesOf, pdfPages, records } from '../testing/download.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';
import { JARGON } from './parent-report-words.js';

/** Monday-based weeks of points pooled (ΣYES ÷ Σtrials) and said out of 10, as a reader would work them out. */
function weeklyOutOfTen(points: ProgressPoint[]): number[] {
  const weeks = new Map<string, { yes: number; trials: number }>();
  for (const point of points) {
    const day = new Date(`${point.date}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    const week = weeks.get(day.toISOString()) ?? { yes: 0, trials: 0 };
    week.yes += point.yes;
    week.trials += point.trials;
    weeks.set(day.toISOString(), week);
  }
  return [...weeks.entries()].sort().map(([, week]) => Math.round((10 * week.yes) / week.trials));
}

describe('the PDF reports (issue 18): GET /api/child/{id}/report/parent and /report/clinician', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;
  let clapsId: string;

  const report = (user: TestUser, query = '') =>
    download(therapy, user, `/api/child/${childId}/report/parent${query}`);

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Marin' });
    therapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Ene', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Vlad' });
    childId = await createChild(therapy, owner, { first_name: 'Ștefan', last_name: 'Țăran' });
    await therapy.grantLicence(childId);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const planId = await api.createPlan(owner, childId, 'plan', 'Comunicare; limbaj');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitație');
    await api.attach(owner, childId, planId, subPlanId);
    clapsId = await api.createItem(owner, subPlanId, 'Bate din palme');
    await api.createItem(owner, subPlanId, 'Arată nasul');
    // Three sessions in October, a week apart: 2 of 5, 3 of 5, 4 of 5 right.
    for (const [day, yes] of [
      ['2026-10-05', 2],
      ['2026-10-12', 3],
      ['2026-10-19', 4],
    ] as const) {
      const session_id = randomUUID();
      for (let trial = 0; trial < 5; trial++) {
        const response = await api.post(
          therapist,
          `/api/child/${childId}/plan/${planId}/item/${clapsId}/evaluation/create`,
          {
            result: trial < yes ? 'YES' : 'NO',
            session_id,
            captured_at: `${day}T09:0${trial}:00.000Z`,
          },
        );
        expect(response.status).toBe(201);
      }
      expect((await api.post(therapist, `/api/child/${childId}/session/${session_id}/end`, {})).status).toBe(
        200,
      );
    }
    // Learned after October: the October report still says it is being worked on.
    expect(
      (
        await api.post(
          owner,
          `/api/sub-plan-item/${clapsId}/set-status?status=IN_GENERALIZATION&reason=CLINICAL_JUDGEMENT`,
        )
      ).status,
    ).toBe(200);
    const behaviorId = await api.createBehavior(owner, childId, 'Țipăt');
    for (let log = 0; log < 3; log++)
      expect((await api.post(owner, `/api/behavior/${behaviorId}/log`)).status).toBe(201);
  });

  afterAll(() => therapy.close());

  it('answers a PDF of a summary page and a page per sub-plan, each with who made it and when', async () => {
    const response = await report(owner, '?from=2026-10-01&to=2026-10-31');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="raport-progres-stefan-din-2026-10-01-pana-la-2026-10-31.pdf"',
    );
    const pages = await pdfPages(response);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Cum progresează Ștefan');
    expect(pages[0]).toContain('Perioada: 1 octombrie 2026 – 31 octombrie 2026');
    expect(pages[0]).toContain('Ștefan a avut ședințe în 3 zile.');
    expect(pages[0]).toContain('În lucru: 1 lucru.');
    expect(pages[0]).toContain('Cuvinte folosite în raport');
    expect(pages[1]).toContain('Imitație');
    expect(pages[1]).toContain('Din planul: Comunicare; limbaj');
    expect(pages[1]).toContain('Acum: în lucru');
    expect(pages[1]).toContain('Ștefan lucrează la asta din 5 octombrie 2026.');
    // Added after October: not in its report.
    expect(pages[1]).not.toContain('Arată nasul');
    pages.forEach((page, index) =>
      expect(page).toMatch(new RegExp(`Generat de Ioana Marin pe .+ · Pagina ${index + 1} din 2`)),
    );
    for (const word of JARGON) expect(pages.join(' ')).not.toMatch(word);
  });

  it('says the numbers the progress call and the CSV export say', async () => {
    const pages = await pdfPages(await report(owner, '?from=2026-10-01&to=2026-10-31'));
    const progress = (await api.get(owner, `/api/sub-plan-item/${clapsId}/progress`)).body as {
      points: ProgressPoint[];
    };
    const weeks = weeklyOutOfTen(progress.points.filter((point) => point.date.startsWith('2026-10')));
    expect(weeks).toEqual([4, 6, 8]);
    expect(pages[1]).toContain(
      `În această perioadă: de la ${weeks[0]} din 10 la ${weeks[weeks.length - 1]} din 10 răspunsuri corecte.`,
    );
    const trials = byHeader(
      records(
        filesOf(await download(therapy, owner, `/api/child/${childId}/export?from=2026-10-01&to=2026-10-31`))[
          'trials.csv'
        ],
        ';',
      ),
    ).filter((row) => row.Item === 'Bate din palme');
    const days = new Set(trials.map((row) => row['Înregistrată (ora locală)'].slice(0, 10)));
    expect(pages[1]).toContain(`S-a lucrat în ${days.size} zile, cu ${trials.length} încercări.`);
  });

  it('left open, runs from the first data to today, with the behaviours and the status reached since', async () => {
    const response = await report(therapist, '?lang=en');
    expect(response.headers['content-disposition']).toBe('attachment; filename="raport-progres-stefan.pdf"');
    const [summary, subPlan] = await pdfPages(response);
    expect(summary).toContain('How Ștefan is doing');
    expect(summary).toContain('This report shows what Ștefan worked on from 5 October 2026 to');
    // Three logs today: none in the first two weeks, three in the last two.
    expect(summary).toContain(
      'Țipăt: from 0 a day to about 2 a week (two-week averages). Noted 3 times in all.',
    );
    expect(summary).toMatch(/Made by Radu Ene on .+ · Page 1 of 2/);
    expect(subPlan).toContain('Now: practising in new places');
    expect(subPlan).toContain('Arată nasul');
    expect(subPlan).toContain('Not practised in this period.');
  });

  it('is in the audit trail with the period it covers', async () => {
    expect((await report(owner, '?from=2026-10-01&to=2026-10-31')).status).toBe(200);
    const audit = auditResponseSchema.parse(
      (await api.get(owner, `/api/child/${childId}/audit?kind=REPORT_GENERATED`)).body,
    );
    expect(audit.entries[0]).toMatchObject({
      actor: { id: owner.id },
      after: { report: 'parent', period_from: '2026-10-01', period_to: '2026-10-31' },
    });
  });

  it('the clinician report: sessions, hours and units, items and behaviours, as the export and the progress call say', async () => {
    const response = await download(
      therapy,
      therapist,
      `/api/child/${childId}/report/clinician?from=2026-10-01&to=2026-10-31`,
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="raport-clinic-stefan-din-2026-10-01-pana-la-2026-10-31.pdf"',
    );
    const text = (await pdfPages(response)).join(' ');
    expect(text).toContain('Raport clinic: Ștefan Țăran');

    const sessions = byHeader(
      records(
        filesOf(await download(therapy, owner, `/api/child/${childId}/export?from=2026-10-01&to=2026-10-31`))[
          'sessions.csv'
        ],
        ';',
      ),
    );
    const minutes = sessions.reduce((sum, row) => sum + Number(row['Durată (minute)'].replace(',', '.')), 0);
    const hours = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 1 }).format(
      Math.round(minutes / 6) / 10,
    );
    expect(text).toContain(`${sessions.length} sesiuni în perioadă, ${hours} ore în total.`);
    expect(text).toContain('octombrie 2026');

    const progress = (await api.get(owner, `/api/sub-plan-item/${clapsId}/progress`)).body as {
      points: ProgressPoint[];
      criterion: {
        to_generalization: { threshold_pct: number; consecutive_sessions: number; min_trials: number };
      };
    };
    const counted = progress.points.filter((point) => point.date.startsWith('2026-10')).slice(-3);
    const pct =
      (100 * counted.reduce((sum, p) => sum + p.yes, 0)) / counted.reduce((sum, p) => sum + p.trials, 0);
    expect(text).toContain(`${pct} % (3 sesiuni)`);
    const rule = progress.criterion.to_generalization;
    expect(text).toContain(
      `≥ ${rule.threshold_pct} % în ${rule.consecutive_sessions} sesiuni la rând, min. ${rule.min_trials} încercări`,
    );
    expect(text).toContain('În învățare');
    expect(text).toContain('Niciun comportament notat în perioadă.');
    expect(text).toContain('Părinte sau tutore');
    expect(text).toMatch(/Generat de Radu Ene pe .+ · Pagina 1 din \d/);

    const audit = auditResponseSchema.parse(
      (await api.get(owner, `/api/child/${childId}/audit?kind=REPORT_GENERATED`)).body,
    );
    expect(audit.entries[0]).toMatchObject({
      actor: { id: therapist.id },
      after: { report: 'clinician', period_from: '2026-10-01', period_to: '2026-10-31' },
    });
  });

  it('refuses with { error }: a stranger, an unknown child, a bad language or period', async () => {
    for (const kind of ['parent', 'clinician']) {
      const refused = await api.get(stranger, `/api/child/${childId}/report/${kind}`);
      expect([refused.status, refused.body]).toEqual([403, { error: ChildMessages.noChildAccess }]);
    }
    const unknown = await api.get(owner, `/api/child/${randomUUID()}/report/parent`);
    expect([unknown.status, unknown.body]).toEqual([404, { error: ChildMessages.childNotFound }]);
    for (const [query, error] of [
      ['?lang=fr', ChildReportMessages.languageInvalid],
      ['?to=2026-02-30', SessionMessages.dateRangeInvalid],
      ['?from=2026-11-01&to=2026-10-01', SessionMessages.dateRangeInvalid],
    ]) {
      const response = await api.get(owner, `/api/child/${childId}/report/parent${query}`);
      expect([query, response.status, response.body]).toEqual([query, 400, { error }]);
    }
  });
});
