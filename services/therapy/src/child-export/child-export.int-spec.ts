import 'reflect-metadata';
import ExcelJS from 'exceljs';
import { strFromU8 } from 'fflate';
import { randomUUID } from 'node:crypto';
import { auditResponseSchema, ChildExportMessages, ChildMessages, SessionMessages } from '@aba/contracts/api';
import { CSV_DIALECTS } from '@aba/server-kit';
import { byHeader, download as downloadFile, filesOf, records } from '../testing/download.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe("a child's data as spreadsheets (issue 18): GET /api/child/{id}/export", () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;
  let itemId: string;
  const sessionId = randomUUID();

  const downloadOf = (user: TestUser, child: string, query = '') =>
    downloadFile(therapy, user, `/api/child/${child}/export${query}`);
  const download = (user: TestUser, query: string) => downloadOf(user, childId, query);

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Marin' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', lastName: 'Pop', role: 'THERAPIST' });
    therapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Ene', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Vlad' });
    childId = await createChild(therapy, owner, { first_name: 'Ștefan', last_name: 'Țăran' });
    await therapy.grantLicence(childId);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const planId = await api.createPlan(owner, childId, 'plan', 'Comunicare; limbaj');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitație');
    await api.attach(owner, childId, planId, subPlanId);
    itemId = await api.createItem(owner, subPlanId, 'Bate din palme, „ușor”');
    // Two trials on the night Romania moves its clocks forward (2026-03-29, 03:00 → 04:00 local), one a day later.
    for (const [result, captured_at] of [
      ['NO', '2026-03-29T00:30:00.000Z'],
      ['YES', '2026-03-29T01:30:00.000Z'],
      ['YES', '2026-03-30T08:00:00.000Z'],
    ] as const) {
      const response = await api.post(
        therapist,
        `/api/child/${childId}/plan/${planId}/item/${itemId}/evaluation/create`,
        {
          result,
          session_id: sessionId,
          captured_at,
        },
      );
      expect(response.status).toBe(201);
    }
    expect(
      (
        await api.post(
          coordinator,
          `/api/sub-plan-item/${itemId}/set-status?status=IN_GENERALIZATION&reason=CLINICAL_JUDGEMENT`,
        )
      ).status,
    ).toBe(200);
    const behaviorId = await api.createBehavior(owner, childId, 'Țipăt');
    expect((await api.post(owner, `/api/behavior/${behaviorId}/log`)).status).toBe(201);
    expect(
      (
        await api.post(owner, `/api/child/${childId}/behavior-abc/log`, {
          behavior_id: behaviorId,
          antecedent: 'Cerere de a aștepta',
          consequence: 'Atenție',
        })
      ).status,
    ).toBe(201);
    expect((await api.post(therapist, `/api/child/${childId}/session/${sessionId}/end`, {})).status).toBe(
      200,
    );
  });

  afterAll(() => therapy.close());

  it('answers a ZIP named after the child with a README and one file per data set', async () => {
    const response = await download(owner, '');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="aba-date-stefan.zip"');
    expect(Object.keys(filesOf(response))).toEqual([
      'README.txt',
      'trials.csv',
      'sessions.csv',
      'status-changes.csv',
      'behavior-logs.csv',
      'abc-entries.csv',
    ]);
    const readme = strFromU8(filesOf(response)['README.txt']);
    expect(readme).toContain('Datele lui Ștefan Țăran');
    expect(readme).toContain('Europe/Bucharest');
    expect(readme).toMatch(/Generat de Ioana Marin la \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('writes CSV for Excel set to Romanian: BOM, ";" between fields, Romanian words, local time and UTC', async () => {
    const files = filesOf(await download(owner, '?format=csv&lang=ro'));
    const trials = records(files['trials.csv'], CSV_DIALECTS.ro.separator);
    expect(trials[0]).toEqual([
      'ID încercare',
      'ID sesiune',
      'Înregistrată (ora locală)',
      'Înregistrată (UTC)',
      'Primită pe server (ora locală)',
      'Primită pe server (UTC)',
      'ID plan',
      'Plan',
      'ID sub-plan',
      'Sub-plan',
      'ID item',
      'Item',
      'Rezultat',
      'Stadiul itemului atunci',
      'ID autor',
      'Autor',
      'Rol',
    ]);
    const rows = byHeader(trials);
    expect(
      rows.map((row) => [row['Înregistrată (ora locală)'], row['Înregistrată (UTC)'], row.Rezultat]),
    ).toEqual([
      ['2026-03-29 02:30:00', '2026-03-29 00:30:00', 'NU'],
      ['2026-03-29 04:30:00', '2026-03-29 01:30:00', 'DA'],
      ['2026-03-30 11:00:00', '2026-03-30 08:00:00', 'DA'],
    ]);
    expect(rows[0]).toMatchObject({
      'ID sesiune': sessionId,
      Plan: 'Comunicare; limbaj',
      Item: 'Bate din palme, „ușor”',
      'Stadiul itemului atunci': 'În învățare',
      'ID autor': therapist.id,
      Autor: 'Radu Ene',
      Rol: 'Terapeut',
    });

    const [session] = byHeader(records(files['sessions.csv'], ';'));
    expect(session).toMatchObject({
      'ID sesiune': sessionId,
      Persoană: 'Radu Ene',
      Rol: 'Terapeut',
      Încercări: '3',
    });
    // 2026-03-29 00:30 to 2026-03-30 08:00 and the minute an ended session is padded with, or to its end.
    expect(session['Durată (minute)']).toMatch(/^\d+(,\d)?$/);

    const [change] = byHeader(records(files['status-changes.csv'], ';'));
    expect(change).toMatchObject({
      'Din stadiul': 'În învățare',
      'În stadiul': 'În generalizare',
      Mod: 'manual',
      Motiv: 'judecată clinică',
      Autor: 'Dana Pop',
    });
    // The ABC entry completed the occurrence logged just before it (ADR 0019): one occurrence, and its entry.
    const logs = byHeader(records(files['behavior-logs.csv'], ';'));
    expect(logs.map((log) => [log.Comportament, log.Autor, log.Rol])).toEqual([
      ['Țipăt', 'Ioana Marin', 'Părinte'],
    ]);
    const [abc] = byHeader(records(files['abc-entries.csv'], ';'));
    expect(abc).toMatchObject({
      Antecedent: 'Cerere de a aștepta',
      Consecință: 'Atenție',
      Comportament: 'Țipăt',
      'ID apariție': logs[0]['ID înregistrare'],
    });
  });

  it('writes CSV for Excel set to English: "," between fields, a decimal point, English words', async () => {
    const files = filesOf(await download(therapist, '?lang=en'));
    const [trial] = byHeader(records(files['trials.csv'], ','));
    expect(trial).toMatchObject({
      Result: 'NO',
      'Item status then': 'In learning',
      Author: 'Radu Ene',
      Role: 'Therapist',
    });
    const [session] = byHeader(records(files['sessions.csv'], ','));
    expect(session['Duration (minutes)']).toMatch(/^\d+(\.\d)?$/);
    expect(strFromU8(files['README.txt'])).toContain("Ștefan Țăran's data");
  });

  it('writes XLSX workbooks a spreadsheet reads back: one sheet each, times as dates, numbers as numbers', async () => {
    const response = await download(coordinator, '?format=xlsx');
    const files = filesOf(response);
    expect(Object.keys(files)).toContain('trials.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(files['trials.xlsx']) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Încercări');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(13).value).toBe('Rezultat');
    const first = sheet?.getRow(2);
    expect(first?.getCell(1).value).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(first?.getCell(3).value).toEqual(new Date('2026-03-29T02:30:00.000Z'));
    expect(first?.getCell(4).value).toEqual(new Date('2026-03-29T00:30:00.000Z'));
    expect(first?.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first?.getCell(12).value).toBe('Bate din palme, „ușor”');
    expect(first?.getCell(13).value).toBe('NU');

    const sessions = new ExcelJS.Workbook();
    await sessions.xlsx.load(Buffer.from(files['sessions.xlsx']) as unknown as ArrayBuffer);
    const trialsCell = sessions.getWorksheet('Sesiuni')?.getRow(2).getCell(12).value;
    expect(trialsCell).toBe(3);
  });

  it('keeps to the period, in the child’s local days (inclusive)', async () => {
    // 2026-03-29 local begins at 2026-03-28 22:00 UTC (EET): all three trials are on the 29th and 30th.
    const onlyTheNight = filesOf(await download(owner, '?from=2026-03-29&to=2026-03-29'));
    expect(byHeader(records(onlyTheNight['trials.csv'], ';')).map((row) => row.Rezultat)).toEqual([
      'NU',
      'DA',
    ]);
    const later = filesOf(await download(owner, '?from=2026-03-30'));
    expect(byHeader(records(later['trials.csv'], ';')).map((row) => row.Rezultat)).toEqual(['DA']);
    expect(records(later['status-changes.csv'], ';')).toHaveLength(2);
    const before = filesOf(await download(owner, '?to=2026-03-28'));
    expect(records(before['trials.csv'], ';')).toHaveLength(1);
  });

  it('is for the whole team, with one audit entry per download naming the format and the period', async () => {
    for (const user of [owner, coordinator, therapist])
      expect((await download(user, '?format=csv')).status).toBe(200);
    expect((await download(owner, '?format=xlsx&from=2026-03-01&to=2026-03-31')).status).toBe(200);
    const audit = auditResponseSchema.parse(
      (await api.get(owner, `/api/child/${childId}/audit?kind=DATA_SETS_EXPORTED`)).body,
    );
    expect(audit.entries[0]).toMatchObject({
      actor: { id: owner.id },
      after: { format: 'xlsx', period_from: '2026-03-01', period_to: '2026-03-31' },
    });
    expect(audit.entries.map((entry) => entry.actor?.id)).toEqual(
      expect.arrayContaining([therapist.id, coordinator.id]),
    );
  });

  it('refuses with { error }: a stranger, an unknown child, a bad format, language or period', async () => {
    const stranger403 = await api.get(stranger, `/api/child/${childId}/export`);
    expect([stranger403.status, stranger403.body]).toEqual([403, { error: ChildMessages.noChildAccess }]);
    const unknown = await api.get(owner, `/api/child/${randomUUID()}/export`);
    expect([unknown.status, unknown.body]).toEqual([404, { error: ChildMessages.childNotFound }]);
    for (const [query, error] of [
      ['?format=pdf', ChildExportMessages.formatInvalid],
      ['?lang=fr', ChildExportMessages.languageInvalid],
      ['?from=2026-13-01', SessionMessages.dateRangeInvalid],
      ['?from=2026-04-01&to=2026-03-01', SessionMessages.dateRangeInvalid],
    ]) {
      const response = await api.get(owner, `/api/child/${childId}/export${query}`);
      expect([query, response.status, response.body]).toEqual([query, 400, { error }]);
    }
  });

  it('reads in batches without losing or repeating a row, even among trials captured at the same instant', async () => {
    const bulkChild = await createChild(therapy, owner, { first_name: 'Mara', last_name: 'Lungu' });
    const subPlanId = await api.createPlan(owner, bulkChild, 'sub-plan', 'Volum');
    const bulkItem = await api.createItem(owner, subPlanId, 'Potrivire');
    // 10,001 trials, in groups of 1,500 captured at the same instant: the batch of 10,000 ends inside one.
    await therapy.insertEvaluations(
      `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id",
              case when n % 3 = 0 then 'NO' else 'YES' end as "result", ?::uuid as "user_id",
              timestamptz '2026-01-10 09:00:00+00' + make_interval(secs => n / 1500) as "created_at"
         from generate_series(0, 10000) n`,
      [bulkItem, bulkChild, owner.id],
    );
    const response = await downloadOf(owner, bulkChild);
    const rows = byHeader(records(filesOf(response)['trials.csv'], ';'));
    expect(rows).toHaveLength(10_001);
    expect(new Set(rows.map((row) => row['ID încercare'])).size).toBe(10_001);
    const [stored] = await therapy.sql<{ no: number }>(
      `select count(*)::int as "no" from "therapy"."item_evaluation" where "child_id" = ? and "result" = 'NO'`,
      [bulkChild],
    );
    expect(rows.filter((row) => row.Rezultat === 'NU')).toHaveLength(stored.no);
  });
});
