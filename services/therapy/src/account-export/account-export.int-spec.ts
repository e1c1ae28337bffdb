import 'reflect-metadata';
import {
  ACCOUNT_EXPORT_PART_PATH,
  CONSENT_VERSION,
  exportPartSchema,
  type ExportPart,
} from '@aba/contracts/api';
import { exportCoverageGaps, SCHEMA_TABLES_SQL } from '@aba/server-kit/testing';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';
import { THERAPY_EXPORT_COVERAGE } from './account-export.queries.js';

describe("therapy's part of an account export (issue 17, ADR 0048)", () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let parent: TestUser;
  let otherParent: TestUser;
  let part: ExportPart;
  let childId: string;
  let otherChildId: string;

  const partOf = async (user: TestUser): Promise<ExportPart> => {
    const response = await api.get(user, ACCOUNT_EXPORT_PART_PATH);
    expect(response.status).toBe(200);
    return exportPartSchema.parse(response.body);
  };
  const rowsOf = (name: string) => part.tables.find((table) => table.name === name)?.rows ?? [];

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    parent = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Exportescu' });
    otherParent = await therapy.registerUser({ firstName: 'Străin', lastName: 'Altcineva' });

    childId = await createChild(therapy, parent, {
      first_name: 'Luca',
      last_name: 'Exportescu',
      consent_version: CONSENT_VERSION,
    });
    await addHelper(therapy, parent, childId, otherParent.email, 'THERAPIST');
    const planId = await api.createPlan(parent, childId, 'plan', 'Plan, cu virgulă');
    const subPlanId = await api.createPlan(parent, childId, 'sub-plan', 'Imitație');
    await api.attach(parent, childId, planId, subPlanId);
    const itemId = await api.createItem(parent, subPlanId, 'Bate din palme');
    await api.evaluate(parent, itemId, 'YES');
    await api.evaluate(otherParent, itemId, 'NO');
    expect(
      (await api.post(parent, `/api/sub-plan-item/${itemId}/set-status?status=IN_GENERALIZATION`)).status,
    ).toBe(200);
    expect(
      (await api.post(parent, `/api/child/${childId}/mastery-criterion`, { inherit: true })).status,
    ).toBe(200);
    const behaviorId = await api.createBehavior(parent, childId, 'Țipă');
    expect((await api.post(parent, `/api/behavior/${behaviorId}/log`, {})).status).toBe(201);
    const abc = await api.post(parent, `/api/child/${childId}/behavior-abc/log`, {
      behavior_id: behaviorId,
      antecedent: 'Cerere',
      consequence: 'Ignorare',
    });
    expect(abc.status).toBeLessThan(300);

    otherChildId = await createChild(therapy, otherParent, { first_name: 'Secret', last_name: 'Străinescu' });
    await addHelper(therapy, otherParent, otherChildId, parent.email, 'ADMIN');
    part = await partOf(parent);
  });

  afterAll(() => therapy.close());

  it("covers every table of therapy's schema: each is exported or says why not", async () => {
    const tables = (await therapy.sql<{ name: string }>(SCHEMA_TABLES_SQL, ['therapy'])).map(
      (row) => row.name,
    );
    expect(exportCoverageGaps(tables, THERAPY_EXPORT_COVERAGE, part)).toEqual({
      unlisted: [],
      stale: [],
      missing: [],
    });
    for (const table of part.tables) {
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns);
    }
  });

  it('holds the children the caller owns with all their data, and their own place on other teams by ids only', () => {
    expect(rowsOf('user_directory')).toEqual([
      { id: parent.id, email: parent.email, first_name: 'Ioana', last_name: 'Exportescu', role: 'PARENT' },
    ]);
    expect(rowsOf('children')).toEqual([
      expect.objectContaining({ id: childId, first_name: 'Luca', last_name: 'Exportescu', deleted_at: null }),
    ]);
    expect(rowsOf('consents')).toEqual([
      expect.objectContaining({ child_id: childId, version: CONSENT_VERSION }),
    ]);
    expect(rowsOf('team_members')).toEqual([
      expect.objectContaining({ child_id: childId, user_id: otherParent.id, access_type: 'THERAPIST' }),
    ]);
    expect(rowsOf('my_roles')).toEqual([
      expect.objectContaining({ child_id: otherChildId, access_type: 'ADMIN', status: 'ACTIVE' }),
    ]);
    expect(rowsOf('licences')).toHaveLength(1);
    expect(rowsOf('children')[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rowsOf('plans').map((row) => row.name)).toEqual(['Plan, cu virgulă']);
    expect(rowsOf('sub_plans').map((row) => row.name)).toEqual(['Imitație']);
    expect(rowsOf('plan_sub_plans')).toHaveLength(1);
    expect(rowsOf('items')).toEqual([
      expect.objectContaining({ description: 'Bate din palme', status: 'IN_GENERALIZATION' }),
    ]);
    expect(rowsOf('item_status_changes')).toEqual([
      expect.objectContaining({ from_status: 'IN_LEARNING', status: 'IN_GENERALIZATION', mode: 'MANUAL' }),
    ]);
    expect(rowsOf('evaluations').map((row) => [row.result, row.user_id])).toEqual([
      ['YES', parent.id],
      ['NO', otherParent.id],
    ]);
    expect(rowsOf('sessions').length).toBeGreaterThanOrEqual(2);
    expect(rowsOf('behaviors').map((row) => row.name)).toEqual(['Țipă']);
    expect(rowsOf('behavior_logs').length).toBeGreaterThanOrEqual(1);
    expect(rowsOf('abc_entries')).toEqual([
      expect.objectContaining({ antecedent: 'Cerere', consequence: 'Ignorare' }),
    ]);
    expect(rowsOf('audit_trail').map((row) => row.kind)).toEqual(
      expect.arrayContaining(['CHILD_CREATED', 'PLAN_CREATED', 'ITEM_STATUS_CHANGED']),
    );
    const created = rowsOf('audit_trail').find((row) => row.kind === 'CHILD_CREATED')!;
    expect(JSON.parse(String(created.after))).toMatchObject({ first_name: 'Luca' });
  });

  it("holds nothing of another family's child, and records the export in each exported child's trail", async () => {
    const text = JSON.stringify(part);
    for (const secret of ['Secret', 'Străinescu']) expect(text).not.toContain(secret);
    const naming = part.tables.filter((table) => JSON.stringify(table.rows).includes(otherChildId));
    expect(naming.map((table) => table.name)).toEqual(['my_roles']);
    const trail = await therapy.sql<{ kind: string; actor_id: string }>(
      'select "kind", "actor_id" from "therapy"."audit_entry" where "child_id" = ? order by "seq" desc limit 1',
      [childId],
    );
    expect(trail).toEqual([{ kind: 'DATA_EXPORTED', actor_id: parent.id }]);
    const others = await therapy.sql(
      `select 1 from "therapy"."audit_entry" where "child_id" = ? and "kind" = 'DATA_EXPORTED'`,
      [otherChildId],
    );
    expect(others).toEqual([]);
  });

  it('answers 401 without the internal token', async () => {
    expect((await therapy.http().get(ACCOUNT_EXPORT_PART_PATH)).status).toBe(401);
  });
});
