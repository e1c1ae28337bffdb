import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NeedsAttentionMessages, SessionMessages, type NeedsAttentionEntry } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('captures whose goal or behaviour was deleted while the phone was offline (issue 16, ADR 0044)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let childId: string;
  let subPlanId: string;
  let keptItem: string;

  const base = () => `/api/child/${childId}/needs-attention`;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Pop' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', role: 'THERAPIST' });
    therapist = await therapy.registerUser({ firstName: 'Ana', lastName: 'Popescu', role: 'THERAPIST' });
    childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    keptItem = await api.createItem(owner, subPlanId, 'Waves bye-bye');
  });

  afterAll(() => therapy.close());

  /** A goal (or behaviour) the owner deletes, as while the therapist's phone was offline: its id. */
  async function deletedItem(description: string): Promise<string> {
    const itemId = await api.createItem(owner, subPlanId, description);
    expect((await api.post(owner, `/api/sub-plan-item/${itemId}/delete`)).status).toBe(200);
    return itemId;
  }
  async function deletedBehavior(name: string): Promise<string> {
    const created = await api.post(owner, `/api/child/${childId}/behavior/create`, { name });
    const behaviorId = (created.body as { behavior: { id: string } }).behavior.id;
    expect((await api.post(owner, `/api/child/${childId}/behavior/${behaviorId}/delete`)).status).toBe(200);
    return behaviorId;
  }

  const handOver = (user: TestUser, body: Record<string, unknown>) =>
    api.post(user, `${base()}/create`, body);
  const trialOf = (targetId: string, capturedAt: string, result: 'YES' | 'NO' = 'YES') => ({
    id: randomUUID(),
    target_id: targetId,
    target_label: 'Claps hands',
    captured_at: capturedAt,
    record: { kind: 'evaluation', result },
  });
  const listOf = (user: TestUser) => listOfChild(childId, user);
  const listOfChild = async (ofChild: string, user = owner) => {
    const response = await api.get(user, `/api/child/${ofChild}/needs-attention`);
    expect(response.status).toBe(200);
    return response.body as {
      entries: NeedsAttentionEntry[];
      items: { id: string; label: string }[];
      behaviors: unknown[];
    };
  };

  it('keeps a trial refused because its goal is gone, once however often the phone hands it over', async () => {
    const itemId = await deletedItem('Claps hands');
    const capturedAt = new Date(Date.now() - 3_600_000).toISOString();
    const trial = trialOf(itemId, capturedAt);

    const refused = await api.post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, {
      result: 'YES',
      id: trial.id,
      captured_at: capturedAt,
    });
    expect(refused.status).toBe(404);

    const first = await handOver(therapist, trial);
    expect(first.status).toBe(201);
    expect(first.body.entry).toMatchObject({
      id: trial.id,
      child_id: childId,
      kind: 'evaluation',
      state: 'WAITING',
      reason: 'TARGET_DELETED',
      record: { kind: 'evaluation', result: 'YES' },
      target_id: itemId,
      target_label: 'Claps hands',
      captured_at: capturedAt,
      author_id: therapist.id,
      author: 'Ana Popescu',
      resolved_by: null,
    });
    const again = await handOver(therapist, trial);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await therapy.sql('select 1 from "therapy"."needs_attention" where "id" = ?', [trial.id]),
    ).toHaveLength(1);

    const taken = await handOver(coordinator, trial);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: SessionMessages.recordIdTaken });
  });

  it('refuses to keep a capture whose goal still exists: the phone sends it as it is', async () => {
    const trial = trialOf(keptItem, new Date().toISOString());
    const response = await handOver(therapist, trial);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: NeedsAttentionMessages.targetStillThere });
    expect(
      await therapy.sql('select 1 from "therapy"."needs_attention" where "id" = ?', [trial.id]),
    ).toHaveLength(0);
  });

  it.each([
    [{ record: { kind: 'photo' } }, NeedsAttentionMessages.kindInvalid],
    [{ target_id: 'x' }, NeedsAttentionMessages.targetInvalid],
    [{ id: 'x' }, SessionMessages.recordIdInvalid],
  ])('answers 400 for a broken hand-over %j', async (broken, error) => {
    const response = await handOver(therapist, {
      ...trialOf(randomUUID(), new Date().toISOString()),
      ...broken,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('the owner attaches a trial to another goal: recorded as its author captured it, decided once', async () => {
    const capturedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const trial = trialOf(await deletedItem('Claps twice'), capturedAt, 'NO');
    expect((await handOver(therapist, trial)).status).toBe(201);

    const waiting = async (user: TestUser) =>
      ((await api.get(user, `/api/child/${childId}`)).body as { child: { waiting_captures: number } }).child
        .waiting_captures;
    const ownerSaw = await waiting(owner);
    expect(ownerSaw).toBeGreaterThan(0);
    expect(await waiting(coordinator)).toBe(ownerSaw);
    expect(await waiting(therapist)).toBe(
      (await listOf(therapist)).entries.filter((e) => e.state === 'WAITING').length,
    );

    const ownView = await listOf(therapist);
    expect(ownView.entries.every((entry) => entry.author_id === therapist.id)).toBe(true);
    expect(ownView.items).toEqual([]);
    const ownerView = await listOf(owner);
    expect(ownerView.entries.map((entry) => entry.id)).toContain(trial.id);
    expect(ownerView.items.map((item) => item.label)).toEqual(['Waves bye-bye']);

    const notTheirs = await api.post(therapist, `${base()}/${trial.id}/attach`, { target_id: keptItem });
    expect(notTheirs.status).toBe(403);
    const elsewhere = await api.post(owner, `${base()}/${trial.id}/attach`, { target_id: randomUUID() });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ error: NeedsAttentionMessages.attachTargetNotFound });

    const attached = await api.post(owner, `${base()}/${trial.id}/attach`, { target_id: keptItem });
    expect(attached.status).toBe(200);
    expect(await waiting(owner)).toBe(ownerSaw - 1);
    expect(attached.body).toMatchObject({
      message: NeedsAttentionMessages.attached,
      entry: {
        state: 'ATTACHED',
        attached_to: keptItem,
        attached_to_label: 'Waves bye-bye',
        resolved_by: 'Ioana Pop',
      },
    });
    const recordId = (attached.body as { entry: NeedsAttentionEntry }).entry.record_id;
    const [evaluation] = await therapy.sql<{
      item_id: string;
      user_id: string;
      result: string;
      captured_at: string;
    }>(
      `select e."item_id", e."user_id", e."result", e."captured_at", s."user_id" as "session_user"
         from "therapy"."item_evaluation" e join "therapy"."session" s on s."id" = e."session_id" where e."id" = ?`,
      [recordId],
    );
    expect(evaluation).toMatchObject({
      item_id: keptItem,
      user_id: therapist.id,
      result: 'NO',
      session_user: therapist.id,
    });
    expect(new Date(evaluation.captured_at).toISOString()).toBe(capturedAt);

    const twice = await api.post(coordinator, `${base()}/${trial.id}/discard`, { reason: 'Duplicate' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: NeedsAttentionMessages.alreadyResolved });
    const seen = (await listOf(therapist)).entries.find((entry) => entry.id === trial.id);
    expect(seen).toMatchObject({
      state: 'ATTACHED',
      attached_to_label: 'Waves bye-bye',
      resolved_by: 'Ioana Pop',
    });
  });

  it('a coordinator attaches an occurrence to another behaviour and discards an ABC entry with a reason', async () => {
    const kept = await api.post(owner, `/api/child/${childId}/behavior/create`, { name: 'Shouting' });
    const keptBehavior = (kept.body as { behavior: { id: string } }).behavior.id;
    const gone = await deletedBehavior('Screaming');
    const capturedAt = new Date(Date.now() - 600_000).toISOString();
    const occurrence = {
      id: randomUUID(),
      target_id: gone,
      captured_at: capturedAt,
      record: { kind: 'behavior-log' },
    };
    const abc = {
      id: randomUUID(),
      target_id: gone,
      captured_at: capturedAt,
      record: { kind: 'abc-entry', antecedent: 'Demand', consequence: 'Ignored' },
    };
    expect((await handOver(therapist, occurrence)).status).toBe(201);
    expect((await handOver(therapist, abc)).status).toBe(201);

    const attached = await api.post(coordinator, `${base()}/${occurrence.id}/attach`, {
      target_id: keptBehavior,
    });
    expect(attached.status).toBe(200);
    const recordId = (attached.body as { entry: NeedsAttentionEntry }).entry.record_id;
    const [tracking] = await therapy.sql<{ behavior_id: string; logged_by: string }>(
      'select "behavior_id", "logged_by" from "therapy"."behavior_tracking" where "id" = ?',
      [recordId],
    );
    expect(tracking).toEqual({ behavior_id: keptBehavior, logged_by: therapist.id });

    const noReason = await api.post(coordinator, `${base()}/${abc.id}/discard`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ error: NeedsAttentionMessages.discardReasonRequired });
    const discarded = await api.post(coordinator, `${base()}/${abc.id}/discard`, { reason: 'Logged twice' });
    expect(discarded.status).toBe(200);
    expect(discarded.body.entry).toMatchObject({
      state: 'DISCARDED',
      discard_reason: 'Logged twice',
      record_id: null,
    });
    expect(
      await therapy.sql('select 1 from "therapy"."behavior_abc" where "created_by" = ?', [therapist.id]),
    ).toHaveLength(0);
  });

  it('keeps what a therapist captured while on the team when it arrives after they left it, and only that', async () => {
    const leaver = await therapy.registerUser({ firstName: 'Irina', lastName: 'Dan', role: 'THERAPIST' });
    const helper = await addHelper(therapy, owner, childId, leaver.email, 'THERAPIST');
    const whileOnTeam = trialOf(keptItem, new Date(Date.now() - 60_000).toISOString());
    expect((await api.post(owner, `/api/child/${childId}/helper/${helper.id}/delete`)).status).toBe(200);

    const refused = await api.post(leaver, `/api/sub-plan-item/${keptItem}/evaluation/create`, {
      result: 'YES',
      id: whileOnTeam.id,
      captured_at: whileOnTeam.captured_at,
    });
    expect(refused.status).toBe(403);
    const kept = await handOver(leaver, whileOnTeam);
    expect(kept.status).toBe(201);
    expect(kept.body.entry).toMatchObject({
      reason: 'ACCESS_ENDED',
      target_id: keptItem,
      author: 'Irina Dan',
    });

    const afterLeaving = await handOver(leaver, trialOf(keptItem, new Date().toISOString()));
    expect(afterLeaving.status).toBe(403);
    expect(afterLeaving.body).toEqual({ error: NeedsAttentionMessages.capturedAfterLeaving });
    const neverOnTeam = await therapy.registerUser({ firstName: 'Radu', role: 'THERAPIST' });
    expect((await handOver(neverOnTeam, trialOf(keptItem, whileOnTeam.captured_at))).status).toBe(403);
    expect((await api.get(leaver, base())).status).toBe(403);

    const attached = await api.post(owner, `${base()}/${whileOnTeam.id}/attach`, { target_id: keptItem });
    expect(attached.status).toBe(200);
    const [evaluation] = await therapy.sql<{ item_id: string; user_id: string }>(
      'select "item_id", "user_id" from "therapy"."item_evaluation" where "id" = ?',
      [(attached.body as { entry: NeedsAttentionEntry }).entry.record_id],
    );
    expect(evaluation).toEqual({ item_id: keptItem, user_id: leaver.id });
  });

  it('keeps for its restore what the team captured for a child deleted meanwhile, while it held its licence', async () => {
    const deletedChild = await createChild(therapy, owner, {}, { licensed: false });
    const licence = await therapy.grantLicence(deletedChild);
    await addHelper(therapy, owner, deletedChild, therapist.email, 'THERAPIST');
    const goalsOf = await api.createPlan(owner, deletedChild, 'sub-plan', 'Imitație');
    const goal = await api.createItem(owner, goalsOf, 'Bate din palme');
    const beforeDeletion = {
      ...trialOf(goal, new Date(Date.now() - 60_000).toISOString()),
      target_label: 'Bate din palme',
    };
    expect((await api.post(owner, `/api/child/${deletedChild}/delete`)).status).toBe(200);
    // Billing frees the deleted child's licence.
    await therapy.revokeLicence(deletedChild, licence);
    const handOverTo = (user: TestUser, body: Record<string, unknown>) =>
      api.post(user, `/api/child/${deletedChild}/needs-attention/create`, body);

    const refused = await api.post(therapist, `/api/sub-plan-item/${goal}/evaluation/create`, {
      result: 'YES',
      id: beforeDeletion.id,
      captured_at: beforeDeletion.captured_at,
    });
    expect(refused.status).toBe(404);
    const kept = await handOverTo(therapist, beforeDeletion);
    expect(kept.status).toBe(201);
    expect(kept.body.entry).toMatchObject({ reason: 'CHILD_DELETED', target_id: goal, state: 'WAITING' });
    expect((await handOverTo(therapist, beforeDeletion)).status).toBe(200);
    const unlicensed = await handOverTo(therapist, trialOf(goal, new Date().toISOString()));
    expect(unlicensed.status).toBe(402);
    const stranger = await therapy.registerUser({ firstName: 'Mihai', role: 'THERAPIST' });
    expect((await handOverTo(stranger, beforeDeletion)).status).toBe(404);
    expect((await api.get(owner, `/api/child/${deletedChild}/needs-attention`)).status).toBe(404);

    // Restored, and licensed again, the child's team decides on it.
    expect((await api.post(owner, `/api/child/${deletedChild}/restore`)).status).toBe(200);
    await therapy.grantLicence(deletedChild);
    const [waiting] = (await listOfChild(deletedChild)).entries;
    expect(waiting).toMatchObject({ id: beforeDeletion.id, reason: 'CHILD_DELETED', state: 'WAITING' });
    const attached = await api.post(
      owner,
      `/api/child/${deletedChild}/needs-attention/${waiting.id}/attach`,
      {
        target_id: goal,
      },
    );
    expect(attached.status).toBe(200);
    expect(
      await therapy.sql('select "user_id" from "therapy"."item_evaluation" where "item_id" = ?', [goal]),
    ).toEqual([{ user_id: therapist.id }]);
  });

  it("only the child's team sees the list", async () => {
    const stranger = await therapy.registerUser({ firstName: 'Paul' });
    expect((await api.get(stranger, base())).status).toBe(403);
  });
});
