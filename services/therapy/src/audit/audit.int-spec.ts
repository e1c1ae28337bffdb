import 'reflect-metadata';
import {
  AUDIT_PAGE_SIZE,
  AuditMessages,
  CONSENT_VERSION,
  ChildMessages,
  auditResponseSchema,
  type AuditEntry,
  type AuditResponse,
} from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe("a child's audit trail (issue 17, ADR 0047)", () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Marin' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', lastName: 'Pop', role: 'THERAPIST' });
    therapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Ene', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Vlad' });
  });

  afterAll(() => therapy.close());

  const trail = async (user: TestUser, childId: string, query = ''): Promise<AuditResponse> => {
    const response = await api.get(user, `/api/child/${childId}/audit${query}`);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    return auditResponseSchema.parse(response.body);
  };
  const entryOf = (entries: AuditEntry[], kind: AuditEntry['kind']) => {
    const entry = entries.find((candidate) => candidate.kind === kind);
    if (!entry) throw new Error(`no ${kind} entry in ${entries.map((e) => e.kind).join(', ')}`);
    return entry;
  };

  it('records every change to the child with who made it, what it changed before and after, newest first', async () => {
    const childId = await createChild(therapy, owner, { consent_version: CONSENT_VERSION });
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const planId = await api.createPlan(owner, childId, 'plan', 'Comunicare');
    const subPlanId = await api.createPlan(coordinator, childId, 'sub-plan', 'Imitație');
    expect(
      (
        await api.post(coordinator, `/api/child/${childId}/plan/create`, {
          id: planId,
          name: 'Limbaj',
          description: 'Cuvinte',
        })
      ).status,
    ).toBe(200);
    await api.attach(owner, childId, planId, subPlanId);
    const itemId = await api.createItem(coordinator, subPlanId, 'Bate din palme');
    const trialId = await api.evaluate(therapist, itemId, 'NO');
    expect(
      (await api.post(therapist, `/api/item-evaluation/${trialId}/set-result`, { result: 'YES' })).status,
    ).toBe(200);
    expect((await api.post(therapist, `/api/item-evaluation/${trialId}/delete`)).status).toBe(200);
    expect(
      (
        await api.post(
          coordinator,
          `/api/sub-plan-item/${itemId}/set-status?status=IN_GENERALIZATION&reason=CLINICAL_JUDGEMENT`,
        )
      ).status,
    ).toBe(200);
    const behaviorId = await api.createBehavior(owner, childId, 'Lovește');
    expect((await api.post(owner, `/api/child/${childId}/behavior/${behaviorId}/delete`)).status).toBe(200);
    const licence = await therapy.grantLicence(childId);
    await therapy.revokeLicence(childId, licence);

    const { entries, total, people } = await trail(owner, childId);
    expect(entries.map((entry) => entry.kind)).toEqual([
      'LICENCE_REMOVED',
      'LICENCE_ADDED',
      'BEHAVIOR_DELETED',
      'BEHAVIOR_CREATED',
      'ITEM_STATUS_CHANGED',
      'EVALUATION_DELETED',
      'EVALUATION_CORRECTED',
      'ITEM_CREATED',
      'PLAN_SUB_PLAN_ADDED',
      'PLAN_UPDATED',
      'SUB_PLAN_CREATED',
      'PLAN_CREATED',
      'HELPER_ADDED',
      'HELPER_ADDED',
      'LICENCE_ADDED',
      'CONSENT_GIVEN',
      'CHILD_CREATED',
    ]);
    expect(total).toBe(17);
    const name = (user: TestUser) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` });
    expect(people).toEqual(expect.arrayContaining([name(owner), name(coordinator), name(therapist)]));
    expect(people).toHaveLength(3);

    expect(entryOf(entries, 'CHILD_CREATED')).toMatchObject({
      actor: name(owner),
      entity_id: null,
      before: null,
      after: {
        first_name: expect.any(String),
        date_of_birth: expect.any(String),
        time_zone: 'Europe/Bucharest',
      },
    });
    expect(entryOf(entries, 'PLAN_UPDATED')).toMatchObject({
      actor: name(coordinator),
      entity_id: planId,
      before: { name: 'Comunicare', description: 'About Comunicare' },
      after: { name: 'Limbaj', description: 'Cuvinte' },
    });
    expect(entryOf(entries, 'EVALUATION_CORRECTED')).toMatchObject({
      actor: name(therapist),
      entity_id: trialId,
      before: { result: 'NO', item_id: itemId },
      after: { result: 'YES', item_id: itemId },
    });
    expect(entryOf(entries, 'EVALUATION_DELETED')).toMatchObject({
      entity_id: trialId,
      before: { result: 'YES', item_id: itemId, captured_at: expect.any(String) },
      after: null,
    });
    expect(entryOf(entries, 'ITEM_STATUS_CHANGED')).toMatchObject({
      actor: name(coordinator),
      entity_id: itemId,
      before: { status: 'IN_LEARNING' },
      after: { status: 'IN_GENERALIZATION', mode: 'MANUAL', reason: 'CLINICAL_JUDGEMENT' },
    });
    expect(entryOf(entries, 'BEHAVIOR_DELETED')).toMatchObject({ before: { name: 'Lovește' } });
    expect(entryOf(entries, 'LICENCE_ADDED')).toMatchObject({
      actor: null,
      entity_id: licence,
      before: null,
    });
    expect(entries.filter((entry) => entry.kind === 'HELPER_ADDED').map((entry) => entry.after)).toEqual([
      { email: therapist.email, access_type: 'THERAPIST', status: 'ACTIVE' },
      { email: coordinator.email, access_type: 'ADMIN', status: 'ACTIVE' },
    ]);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records the rule moving an item on as made by the platform, and criteria, suggestions, consent and the team', async () => {
    const childId = await createChild(therapy, owner, { consent_version: CONSENT_VERSION });
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Potrivire');
    const itemId = await api.createItem(owner, subPlanId, 'Culori');
    const criterionPath = `/api/sub-plan-item/${itemId}/mastery-criterion`;
    const { source: _source, ...criterion } = (await api.get(owner, criterionPath)).body.criterion;
    const quick = {
      threshold_pct: 50,
      min_trials: 1,
      consecutive_sessions: 1,
      scoring: 'ALL_TRIALS',
      min_people: 1,
    };
    const set = {
      ...criterion,
      to_generalization: { ...quick, mode: 'AUTO' },
      counted_roles: ['THERAPIST', 'COORDINATOR', 'PARENT'],
    };
    expect((await api.post(owner, criterionPath, set)).status).toBe(200);
    await api.evaluate(owner, itemId, 'YES');
    expect((await api.post(owner, criterionPath, { inherit: true })).status).toBe(200);
    const invited = await addHelper(therapy, owner, childId, 'nou.terapeut@example.com', 'THERAPIST');
    expect((await api.post(owner, `/api/child/${childId}/helper/${invited.id}/delete`)).status).toBe(200);

    const suggested = await api.createItem(owner, subPlanId, 'Forme');
    const rejected = await api.createItem(owner, subPlanId, 'Mărimi');
    const subPlanCriterion = `/api/child/${childId}/sub-plan/${subPlanId}/mastery-criterion`;
    const confirmed = { ...set, to_generalization: { ...quick, mode: 'CONFIRM' } };
    expect((await api.post(owner, subPlanCriterion, confirmed)).status).toBe(200);
    await api.evaluate(owner, suggested, 'YES');
    await api.evaluate(owner, rejected, 'YES');
    const { suggestions } = (await api.get(owner, `/api/child/${childId}/mastery-suggestion/list`)).body as {
      suggestions: { id: string; item_id: string }[];
    };
    const suggestionOf = (itemId: string) =>
      suggestions.find((suggestion) => suggestion.item_id === itemId)!.id;
    expect((await api.post(owner, `/api/mastery-suggestion/${suggestionOf(suggested)}/accept`)).status).toBe(
      200,
    );
    const reject = `/api/mastery-suggestion/${suggestionOf(rejected)}/reject`;
    expect((await api.post(owner, reject, { reason: 'NEEDS_MORE_DATA' })).status).toBe(200);
    const decided = (await trail(owner, childId)).entries;
    expect(decided.slice(0, 2)).toMatchObject([
      {
        kind: 'SUGGESTION_REJECTED',
        actor: { id: owner.id },
        entity_id: rejected,
        after: { status: 'IN_GENERALIZATION', reason: 'NEEDS_MORE_DATA' },
      },
      {
        kind: 'ITEM_STATUS_CHANGED',
        actor: { id: owner.id },
        entity_id: suggested,
        before: { status: 'IN_LEARNING' },
        after: { status: 'IN_GENERALIZATION', mode: 'CONFIRM' },
      },
    ]);
    expect(decided[2]).toMatchObject({
      kind: 'CRITERION_SET',
      entity_id: subPlanId,
      after: { criterion: confirmed },
    });

    expect((await api.post(owner, `/api/child/${childId}/consent/withdraw`)).status).toBe(200);
    const { entries } = await trail(owner, childId);
    expect(entries[0]).toMatchObject({
      kind: 'CONSENT_WITHDRAWN',
      before: { version: CONSENT_VERSION, status: 'GIVEN' },
      after: { version: CONSENT_VERSION, status: 'WITHDRAWN' },
    });
    expect(entries.map((entry) => entry.kind).slice(6, 11)).toEqual([
      'HELPER_REMOVED',
      'HELPER_ADDED',
      'CRITERION_REMOVED',
      'ITEM_STATUS_CHANGED',
      'CRITERION_SET',
    ]);
    expect(
      entries.find((entry) => entry.kind === 'ITEM_STATUS_CHANGED' && entry.entity_id === itemId),
    ).toMatchObject({
      actor: null,
      entity_id: itemId,
      before: { status: 'IN_LEARNING' },
      after: { status: 'IN_GENERALIZATION', mode: 'AUTO' },
    });
    expect(
      entries.find((entry) => entry.kind === 'CRITERION_SET' && entry.entity_id === itemId),
    ).toMatchObject({
      before: null,
      after: { criterion: set },
    });
    expect(entryOf(entries, 'CRITERION_REMOVED')).toMatchObject({ before: { criterion: set }, after: null });
    expect(entryOf(entries, 'HELPER_REMOVED')).toMatchObject({
      entity_id: invited.id,
      before: { email: 'nou.terapeut@example.com', access_type: 'THERAPIST', status: 'PENDING' },
    });
    // The trail is read after a withdrawal too: reading it changes nothing.
    expect((await trail(owner, childId)).total).toBe(entries.length);
  });

  it('is paged and filtered by kind and person, for the owner and coordinators only', async () => {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(coordinator, childId, 'sub-plan', 'Motricitate');
    for (let index = 0; index < AUDIT_PAGE_SIZE + 2; index++)
      await api.createItem(owner, subPlanId, `Item ${index}`);

    const first = await trail(coordinator, childId);
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 7, page: 1, page_size: AUDIT_PAGE_SIZE });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await trail(coordinator, childId, '?page=2');
    expect(second.entries.map((entry) => entry.kind)).toEqual([
      'ITEM_CREATED',
      'ITEM_CREATED',
      'SUB_PLAN_CREATED',
      'HELPER_ADDED',
      'HELPER_ADDED',
      'LICENCE_ADDED',
      'CHILD_CREATED',
    ]);
    expect(second.entries[0].after).toMatchObject({ description: 'Item 1' });
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(
      AUDIT_PAGE_SIZE + 7,
    );
    expect((await trail(owner, childId, '?page=9')).entries).toEqual([]);

    const items = await trail(owner, childId, '?kind=ITEM_CREATED');
    expect(items.total).toBe(AUDIT_PAGE_SIZE + 2);
    expect(new Set(items.entries.map((entry) => entry.kind))).toEqual(new Set(['ITEM_CREATED']));
    const byCoordinator = await trail(owner, childId, `?user_id=${coordinator.id}`);
    expect(byCoordinator.entries.map((entry) => entry.kind)).toEqual(['SUB_PLAN_CREATED']);
    expect((await trail(owner, childId, `?kind=ITEM_CREATED&user_id=${coordinator.id}`)).total).toBe(0);

    for (const query of ['?page=0', '?page=x', '?kind=NOPE', '?user_id=42']) {
      const bad = await api.get(owner, `/api/child/${childId}/audit${query}`);
      expect({ query, status: bad.status, body: bad.body }).toEqual({
        query,
        status: 400,
        body: { error: AuditMessages.queryInvalid },
      });
    }
    expect((await api.get(therapist, `/api/child/${childId}/audit`)).status).toBe(403);
    const outsider = await api.get(stranger, `/api/child/${childId}/audit`);
    expect({ status: outsider.status, body: outsider.body }).toEqual({
      status: 403,
      body: { error: ChildMessages.noChildAccess },
    });
  });

  it("is append-only for therapy's own role, and keeps only ids once the child is erased", async () => {
    const childId = await createChild(therapy, owner, { first_name: 'Eliza' });
    await api.createPlan(owner, childId, 'plan', 'Plan de șters');
    for (const statement of [
      'update "therapy"."audit_entry" set "kind" = \'CHILD_DELETED\' where "child_id" = ?',
      'delete from "therapy"."audit_entry" where "child_id" = ?',
      'update "therapy"."audit_detail" set "after" = null where "child_id" = ?',
    ]) {
      await expect(therapy.sql(statement, [childId])).rejects.toMatchObject({ code: '42501' });
    }
    await expect(therapy.sql('truncate "therapy"."audit_entry"')).rejects.toMatchObject({ code: '42501' });

    expect((await api.post(owner, `/api/child/${childId}/delete`)).status).toBe(200);
    await therapy.eraseDeletedChild(childId);
    const kept = await therapy.sql<{ kind: string; actor_id: string }>(
      'select "kind", "actor_id" from "therapy"."audit_entry" where "child_id" = ? order by "seq"',
      [childId],
    );
    expect(kept).toEqual([
      { kind: 'CHILD_CREATED', actor_id: owner.id },
      { kind: 'LICENCE_ADDED', actor_id: null },
      { kind: 'PLAN_CREATED', actor_id: owner.id },
      { kind: 'CHILD_DELETED', actor_id: owner.id },
    ]);
    expect(
      await therapy.sql('select 1 from "therapy"."audit_detail" where "child_id" = ?', [childId]),
    ).toEqual([]);
  });
});
