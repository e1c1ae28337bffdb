import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  ErrorMessages,
  MasteryCallMessages,
  MasteryMessages,
  PlanMessages,
  type ItemProgressResponse,
  type MasteryCriterion,
  type MasteryLiveResponse,
} from '@aba/contracts/api';
import { PLATFORM_CRITERION, progressOf } from '@aba/mastery';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('mastery: criteria, decisions after each trial, suggestions, the status history and progress (issue 15)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let secondTherapist: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    // Each test's child gets three helpers from one owner: more than a day's default allowance.
    therapy = await startTherapy({
      env: { HELPER_ADDITIONS_PER_USER_PER_DAY: '1000', HELPER_ADDITIONS_PER_CHILD_PER_DAY: '1000' },
    });
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Pop', role: 'PARENT' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', lastName: 'Dima', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Ana', lastName: 'Popescu', role: 'THERAPIST' });
    secondTherapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Ene', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
  });

  afterAll(() => therapy.close());

  async function childWithItem() {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    await addHelper(therapy, owner, childId, secondTherapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    const itemId = await api.createItem(owner, subPlanId, 'Claps hands');
    return { childId, subPlanId, itemId };
  }

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  /** A session of `user` scoring `results` (Y/N), one trial a minute, starting `startMinutesAgo` minutes ago. */
  async function session(user: TestUser, itemId: string, results: string, startMinutesAgo: number) {
    const sessionId = randomUUID();
    for (const [index, result] of [...results].entries()) {
      const response = await api.post(user, `/api/sub-plan-item/${itemId}/evaluation/create`, {
        result: result === 'Y' ? 'YES' : 'NO',
        session_id: sessionId,
        captured_at: minutesAgo(startMinutesAgo - index),
      });
      expect(response.status).toBe(201);
    }
    return sessionId;
  }

  const progress = async (user: TestUser, itemId: string, language = 'en'): Promise<ItemProgressResponse> => {
    const response = await therapy
      .http()
      .get(`/api/sub-plan-item/${itemId}/progress`)
      .set({ ...(await therapy.headers(user)), 'accept-language': language });
    expect(response.status).toBe(200);
    return response.body as ItemProgressResponse;
  };
  const statusOf = async (itemId: string) =>
    (
      await therapy.sql<{ status: string }>('select "status" from "therapy"."sub_plan_item" where "id" = ?', [
        itemId,
      ])
    )[0].status;
  const withRule = (change: Partial<MasteryCriterion['to_generalization']>): MasteryCriterion => ({
    ...PLATFORM_CRITERION,
    to_generalization: { ...PLATFORM_CRITERION.to_generalization, ...change },
  });

  describe('criteria: child default → sub-plan → item, each saying where the one in effect comes from', () => {
    it('inherits down the levels, overrides at each, and { inherit: true } removes an override', async () => {
      const { childId, subPlanId, itemId } = await childWithItem();
      const childPath = `/api/child/${childId}/mastery-criterion`;
      const subPlanPath = `/api/child/${childId}/sub-plan/${subPlanId}/mastery-criterion`;
      const itemPath = `/api/sub-plan-item/${itemId}/mastery-criterion`;
      const read = async (path: string) => (await api.get(therapist, path)).body;

      expect(await read(itemPath)).toEqual({
        criterion: { ...PLATFORM_CRITERION, source: 'PLATFORM' },
        own: false,
      });
      const childRule = withRule({ threshold_pct: 90 });
      const set = await api.post(owner, childPath, childRule);
      expect([set.status, set.body]).toEqual([
        200,
        { criterion: { ...childRule, source: 'CHILD' }, own: true },
      ]);
      expect(await read(subPlanPath)).toEqual({ criterion: { ...childRule, source: 'CHILD' }, own: false });

      const subPlanRule = withRule({ min_trials: 3 });
      await api.post(coordinator, subPlanPath, subPlanRule).then((r) => expect(r.status).toBe(200));
      expect(await read(itemPath)).toEqual({ criterion: { ...subPlanRule, source: 'SUB_PLAN' }, own: false });

      const itemRule = withRule({ scoring: 'FIRST_TRIAL', mode: 'CONFIRM' });
      await api.post(owner, itemPath, itemRule).then((r) => expect(r.status).toBe(200));
      expect(await read(itemPath)).toEqual({ criterion: { ...itemRule, source: 'ITEM' }, own: true });
      expect((await progress(therapist, itemId)).criterion).toEqual({ ...itemRule, source: 'ITEM' });

      const inherited = await api.post(owner, itemPath, { inherit: true });
      expect(inherited.body).toEqual({ criterion: { ...subPlanRule, source: 'SUB_PLAN' }, own: false });
    });

    it('lets only the owner and coordinators set criteria; refuses a bad criterion with its message', async () => {
      const { childId, itemId } = await childWithItem();
      const path = `/api/child/${childId}/mastery-criterion`;
      expect(await api.post(therapist, path, PLATFORM_CRITERION).then((r) => [r.status, r.body])).toEqual([
        403,
        { error: 'Your role for this child does not allow this' },
      ]);
      expect(
        (await api.post(stranger, `/api/sub-plan-item/${itemId}/mastery-criterion`, PLATFORM_CRITERION))
          .status,
      ).toBe(403);
      const bad = await api.post(owner, path, withRule({ threshold_pct: 120 }));
      expect([bad.status, bad.body]).toEqual([400, { error: MasteryMessages.thresholdInvalid }]);
      const empty = await api.post(owner, path, { ...PLATFORM_CRITERION, counted_roles: [] });
      expect([empty.status, empty.body]).toEqual([400, { error: MasteryMessages.countedRolesEmpty }]);
      const otherChild = await childWithItem();
      const foreign = await api.get(
        owner,
        `/api/child/${childId}/sub-plan/${otherChild.subPlanId}/mastery-criterion`,
      );
      expect([foreign.status, foreign.body]).toEqual([404, { error: PlanMessages.subPlanNotFound }]);
    });
  });

  describe('decisions after each trial', () => {
    it('AUTO: three good sessions move the item to IN_GENERALIZATION; the change is in the history with its evidence', async () => {
      const { itemId } = await childWithItem();
      await session(therapist, itemId, 'YYYYN', 200);
      await session(therapist, itemId, 'YYYYY', 150);
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      const before = await progress(therapist, itemId);
      expect(before.explanation).toMatchObject({ code: 'STREAK_BUILDING', streak: 2, needed: 3 });
      expect(before.explanation.text).toMatch(/^2 of 3 good sessions/);

      await session(therapist, itemId, 'YYYYN', 100);
      expect(await statusOf(itemId)).toBe('IN_GENERALIZATION');
      const after = await progress(therapist, itemId);
      expect(after.item.status).toBe('IN_GENERALIZATION');
      expect(after.phases.map((phase) => [phase.status, phase.mode, phase.actor])).toEqual([
        ['IN_LEARNING', 'MANUAL', null],
        ['IN_GENERALIZATION', 'AUTO', null],
      ]);
      expect(
        after.points.map((point) => [point.phase, point.reason, `${point.yes}/${point.trials}`]),
      ).toEqual([
        ['IN_LEARNING', 'MET', '4/5'],
        ['IN_LEARNING', 'MET', '5/5'],
        ['IN_LEARNING', 'MET', '4/5'],
      ]);
      expect(after.explanation.code).toBe('NO_DATA');
      const [change] = await therapy.sql<{
        evidence: { sessions: unknown[]; rule: { threshold_pct: number } };
      }>('select "evidence" from "therapy"."item_status_change" where "item_id" = ?', [itemId]);
      expect(change.evidence.sessions).toHaveLength(3);
      expect(change.evidence.rule.threshold_pct).toBe(80);
    });

    it("a parent's sessions are shown but not counted, unless the child counts parent data", async () => {
      const { childId, itemId } = await childWithItem();
      for (const start of [300, 250, 200]) await session(owner, itemId, 'YYYYY', start);
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      const shown = await progress(owner, itemId);
      expect(shown.points.map((point) => point.reason)).toEqual(Array(3).fill('ROLE_NOT_COUNTED'));
      expect(shown.explanation.code).toBe('NO_DATA');

      const counted = await api.post(owner, `/api/child/${childId}/mastery-criterion`, {
        ...PLATFORM_CRITERION,
        counted_roles: ['PARENT', 'THERAPIST', 'COORDINATOR'],
      });
      expect(counted.status).toBe(200);
      // The three sessions already meet the criterion now in effect: the item moves with the change, not at its next trial.
      expect(await statusOf(itemId)).toBe('IN_GENERALIZATION');
      const moved = await progress(owner, itemId);
      expect(moved.phases.map((phase) => [phase.status, phase.mode])).toEqual([
        ['IN_LEARNING', 'MANUAL'],
        ['IN_GENERALIZATION', 'AUTO'],
      ]);
    });

    it('a criterion lowered at the sub-plan moves its items the new rule says are learned, and only those', async () => {
      const { childId, subPlanId, itemId } = await childWithItem();
      const otherItemId = await api.createItem(owner, subPlanId, 'Waves');
      const elsewhere = await api.createItem(
        owner,
        await api.createPlan(owner, childId, 'sub-plan', 'Other'),
        'Points',
      );
      for (const item of [itemId, elsewhere]) {
        await session(therapist, item, 'YYYYY', 300);
        await session(therapist, item, 'YYYYY', 250);
      }
      await session(therapist, otherItemId, 'YYYYY', 200);
      const lowered = await api.post(
        coordinator,
        `/api/child/${childId}/sub-plan/${subPlanId}/mastery-criterion`,
        withRule({ consecutive_sessions: 2 }),
      );
      expect(lowered.status).toBe(200);
      expect([await statusOf(itemId), await statusOf(otherItemId), await statusOf(elsewhere)]).toEqual([
        'IN_GENERALIZATION',
        'IN_LEARNING',
        'IN_LEARNING',
      ]);
    });

    it("counts the people of a streak longer than the latest sessions the rule reads first: a late session of another person's completes it", async () => {
      const { itemId } = await childWithItem();
      await api
        .post(owner, `/api/sub-plan-item/${itemId}/mastery-criterion`, withRule({ min_people: 2 }))
        .then((r) => expect(r.status).toBe(200));
      for (let k = 0; k < 21; k++) await session(therapist, itemId, 'YYYYY', 1000 - k * 30);
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      expect((await progress(therapist, itemId)).explanation.code).toBe('NEEDS_OTHER_PERSON');
      // A phone kept offline since before them all: its session opens the streak of 22.
      await session(secondTherapist, itemId, 'YYYYY', 1100);
      expect(await statusOf(itemId)).toBe('IN_GENERALIZATION');
    });

    it('a NO deleted so that its session qualifies again moves the item at once', async () => {
      const { itemId } = await childWithItem();
      await session(therapist, itemId, 'YYYYY', 300);
      await session(therapist, itemId, 'YYYYY', 250);
      const sessionId = randomUUID();
      const ids: string[] = [];
      // 3/5 then 4/6: under the threshold from its fifth trial on.
      for (const [index, result] of ['NO', 'YES', 'YES', 'YES', 'NO', 'YES'].entries()) {
        const response = await api.post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, {
          result,
          session_id: sessionId,
          captured_at: minutesAgo(200 - index),
        });
        ids.push((response.body as { evaluation: { id: string } }).evaluation.id);
      }
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      const deleted = await api.post(therapist, `/api/item-evaluation/${ids[0]}/delete`, {});
      expect(deleted.status).toBeLessThan(300);
      expect(await statusOf(itemId)).toBe('IN_GENERALIZATION');
    });

    it('CONFIRM: the rule proposes; a therapist may not decide; the coordinator accepts and the change is CONFIRMED by them', async () => {
      const { childId, itemId } = await childWithItem();
      await api.post(owner, `/api/child/${childId}/mastery-criterion`, withRule({ mode: 'CONFIRM' }));
      for (const start of [300, 250, 200]) await session(therapist, itemId, 'YYYYY', start);
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      // More good trials propose nothing more: one suggestion waits.
      await session(therapist, itemId, 'YYYYY', 100);
      const list = await api.get(therapist, `/api/child/${childId}/mastery-suggestion/list`);
      expect(list.status).toBe(200);
      expect(list.body.suggestions).toHaveLength(1);
      const [suggestion] = list.body.suggestions;
      expect(suggestion).toMatchObject({
        item_id: itemId,
        item_description: 'Claps hands',
        from: 'IN_LEARNING',
        to: 'IN_GENERALIZATION',
      });
      expect(suggestion.evidence.sessions).toHaveLength(3);
      expect((await progress(therapist, itemId)).explanation.code).toBe('PENDING_CONFIRMATION');

      expect((await api.post(therapist, `/api/mastery-suggestion/${suggestion.id}/accept`)).status).toBe(403);
      const accepted = await api.post(coordinator, `/api/mastery-suggestion/${suggestion.id}/accept`);
      expect([accepted.status, accepted.body]).toEqual([
        200,
        { message: MasteryCallMessages.suggestionAccepted },
      ]);
      expect(await statusOf(itemId)).toBe('IN_GENERALIZATION');
      const phases = (await progress(therapist, itemId)).phases;
      expect(phases[1]).toMatchObject({ status: 'IN_GENERALIZATION', mode: 'CONFIRMED', actor: 'Cora D.' });
      const again = await api.post(coordinator, `/api/mastery-suggestion/${suggestion.id}/accept`);
      expect([again.status, again.body]).toEqual([404, { error: MasteryCallMessages.suggestionNotFound }]);
    });

    it('a rejection needs a reason from the list, keeps the item, and the streak counts again from then', async () => {
      const { childId, itemId } = await childWithItem();
      await api.post(owner, `/api/child/${childId}/mastery-criterion`, withRule({ mode: 'CONFIRM' }));
      for (const start of [300, 250, 200]) await session(therapist, itemId, 'YYYYY', start);
      const [suggestion] = (await api.get(owner, `/api/child/${childId}/mastery-suggestion/list`)).body
        .suggestions;
      const noReason = await api.post(owner, `/api/mastery-suggestion/${suggestion.id}/reject`, {});
      expect([noReason.status, noReason.body]).toEqual([
        400,
        { error: MasteryCallMessages.rejectionReasonInvalid },
      ]);
      const rejected = await api.post(owner, `/api/mastery-suggestion/${suggestion.id}/reject`, {
        reason: 'NOT_READY',
      });
      expect([rejected.status, rejected.body]).toEqual([
        200,
        { message: MasteryCallMessages.suggestionRejected },
      ]);
      expect(await statusOf(itemId)).toBe('IN_LEARNING');
      expect(
        (await api.get(owner, `/api/child/${childId}/mastery-suggestion/list`)).body.suggestions,
      ).toEqual([]);
      // Sessions captured before the rejection no longer count; two new good ones after it are 2 of 3.
      await session(therapist, itemId, 'YYYYY', 0);
      await session(secondTherapist, itemId, 'YYYYY', 0);
      expect((await progress(therapist, itemId)).explanation).toMatchObject({
        code: 'STREAK_BUILDING',
        streak: 2,
      });
    });
  });

  describe("status set by hand (the spec's set-status)", () => {
    it('is recorded with its author and reason; a bad reason is 400; a waiting suggestion is closed', async () => {
      const { childId, itemId } = await childWithItem();
      await api.post(owner, `/api/child/${childId}/mastery-criterion`, withRule({ mode: 'CONFIRM' }));
      for (const start of [300, 250, 200]) await session(therapist, itemId, 'YYYYY', start);
      const bad = await api.post(
        owner,
        `/api/sub-plan-item/${itemId}/set-status?status=FINISHED&reason=BORED`,
      );
      expect([bad.status, bad.body]).toEqual([400, { error: MasteryCallMessages.changeReasonInvalid }]);

      const set = await api.post(
        owner,
        `/api/sub-plan-item/${itemId}/set-status?status=FINISHED&reason=GENERALIZED_ELSEWHERE`,
      );
      expect(set.status).toBe(200);
      expect(set.body.item).toMatchObject({ id: itemId, status: 'FINISHED' });
      const read = await progress(therapist, itemId);
      expect(read.phases[1]).toMatchObject({
        status: 'FINISHED',
        mode: 'MANUAL',
        actor: 'Ioana P.',
        reason: 'GENERALIZED_ELSEWHERE',
      });
      expect(read.explanation.code).toBe('OVERRIDDEN');
      expect(read.pending_suggestion).toBe(false);
      // The spec's call without a reason still works; setting the same status records nothing.
      await api
        .post(owner, `/api/sub-plan-item/${itemId}/set-status?status=FINISHED`)
        .then((r) => expect(r.status).toBe(200));
      expect((await progress(therapist, itemId)).phases).toHaveLength(2);
    });
  });

  describe('GET /api/sub-plan-item/{id}/progress', () => {
    it("explains in the reader's language; 404 for an unknown item; refused to strangers", async () => {
      const { itemId } = await childWithItem();
      await session(therapist, itemId, 'YYY', 60);
      expect((await progress(therapist, itemId, 'ro')).explanation.text).toMatch(/sub minimul de 5/);
      expect((await progress(therapist, itemId, 'en')).explanation.text).toMatch(/under the minimum of 5/);
      const unknown = await api.get(therapist, `/api/sub-plan-item/${randomUUID()}/progress`);
      expect([unknown.status, unknown.body]).toEqual([404, { error: PlanMessages.itemNotFound }]);
      const refused = await api.get(stranger, `/api/sub-plan-item/${itemId}/progress`);
      expect([refused.status, refused.body]).toEqual([403, { error: ErrorMessages.noChildAccess }]);
    });
  });

  describe('what a trial answers about the rule', () => {
    it('the trial that meets the rule says the item moved (AUTO) or that the move was proposed (CONFIRM); the others say nothing', async () => {
      const trialAnswers = async (itemId: string, results: string) => {
        const sessionId = randomUUID();
        const answers = [];
        for (const result of results) {
          const response = await api.post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, {
            result: result === 'Y' ? 'YES' : 'NO',
            session_id: sessionId,
          });
          expect(response.status).toBe(201);
          answers.push((response.body as { mastery: unknown }).mastery);
        }
        return answers;
      };
      const auto = await childWithItem();
      await session(therapist, auto.itemId, 'YYYYY', 200);
      await session(therapist, auto.itemId, 'YYYYY', 150);
      expect(await trialAnswers(auto.itemId, 'YYYYY')).toEqual([
        null,
        null,
        null,
        null,
        { from: 'IN_LEARNING', to: 'IN_GENERALIZATION', mode: 'AUTO' },
      ]);
      expect(await statusOf(auto.itemId)).toBe('IN_GENERALIZATION');

      const confirm = await childWithItem();
      await api
        .post(owner, `/api/sub-plan-item/${confirm.itemId}/mastery-criterion`, withRule({ mode: 'CONFIRM' }))
        .then((r) => expect(r.status).toBe(200));
      await session(therapist, confirm.itemId, 'YYYYY', 200);
      await session(therapist, confirm.itemId, 'YYYYY', 150);
      expect((await trialAnswers(confirm.itemId, 'YYYYY')).at(-1)).toEqual({
        from: 'IN_LEARNING',
        to: 'IN_GENERALIZATION',
        mode: 'CONFIRM',
      });
      expect(await statusOf(confirm.itemId)).toBe('IN_LEARNING');
    });
  });

  describe('GET /api/child/{id}/plan/{planId}/mastery-live', () => {
    it("gives the caller's running session and each open item's current phase, which the module counts as the progress call does", async () => {
      const { childId, subPlanId, itemId } = await childWithItem();
      const finishedId = await api.createItem(owner, subPlanId, 'Already finished');
      await api
        .post(owner, `/api/sub-plan-item/${finishedId}/set-status?status=FINISHED`)
        .then((r) => expect(r.status).toBe(200));
      const planId = await api.createPlan(owner, childId, 'plan', 'Morning');
      await api.attach(owner, childId, planId, subPlanId);
      const livePath = `/api/child/${childId}/plan/${planId}/mastery-live`;

      const before = await api.get(therapist, livePath);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        session: { id: null, user_id: therapist.id, person: 'Ana P.', role: 'THERAPIST' },
        time_zone: 'Europe/Bucharest',
      });
      expect((before.body as MasteryLiveResponse).items.map((item) => item.item_id)).toEqual([itemId]);

      await session(therapist, itemId, 'YYYYY', 200);
      await session(therapist, itemId, 'YYYYN', 150);
      const started = await api.post(therapist, `/api/child/${childId}/session/start`, {});
      const running = (started.body as { session: { id: string } }).session.id;
      for (const result of ['YES', 'NO', 'YES'] as const) {
        await api
          .post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, { result })
          .then((r) => expect(r.status).toBe(201));
      }

      const live = (await api.get(therapist, livePath)).body as MasteryLiveResponse;
      expect(live.session).toEqual({
        id: running,
        user_id: therapist.id,
        person: 'Ana P.',
        role: 'THERAPIST',
      });
      const [item] = live.items;
      expect(item.criterion).toEqual(PLATFORM_CRITERION);
      expect(item.tallies.map(({ yes, trials }) => `${yes}/${trials}`)).toEqual(['5/5', '4/5', '2/3']);
      expect(item.tallies[2].session_id).toBe(running);
      const counted = (language: 'en' | 'ro') =>
        progressOf({
          ...item,
          time_zone: live.time_zone,
          language,
          pending_suggestion: item.pending_suggestion,
        });
      const fromServer = await progress(therapist, itemId, 'ro');
      expect(counted('ro').explanation).toEqual(fromServer.explanation);
      expect(counted('ro').explanation.streak).toBe(2);

      // The owner has no running session of their own, and their data is a parent's; a stranger and another child's
      // plan are refused.
      expect((await api.get(owner, livePath)).body).toMatchObject({
        session: { id: null, user_id: owner.id, person: 'Ioana P.', role: 'PARENT' },
      });
      const refused = await api.get(stranger, livePath);
      expect([refused.status, refused.body]).toEqual([403, { error: ErrorMessages.noChildAccess }]);
      const other = await childWithItem();
      const elsewhere = await api.get(owner, `/api/child/${other.childId}/plan/${planId}/mastery-live`);
      expect([elsewhere.status, elsewhere.body]).toEqual([404, { error: PlanMessages.planNotFound }]);
    });
  });
});

describe('MASTERY_DECISIONS=off (issue 15)', () => {
  let therapy: TherapyHarness;

  beforeAll(async () => {
    therapy = await startTherapy({ env: { MASTERY_DECISIONS: 'off' } });
  });

  afterAll(() => therapy.close());

  it('saves every trial and still explains, but moves nothing', async () => {
    const api = plansClient(therapy);
    const owner = await therapy.registerUser({ firstName: 'Oana', lastName: 'Vlad', role: 'PARENT' });
    const therapist = await therapy.registerUser({
      firstName: 'Tudor',
      lastName: 'Mihai',
      role: 'THERAPIST',
    });
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    const itemId = await api.createItem(owner, subPlanId, 'Waves');
    for (const [session, startMinutesAgo] of [180, 120, 60].entries()) {
      const sessionId = randomUUID();
      for (let trial = 0; trial < 5; trial++) {
        const captured_at = new Date(Date.now() - (startMinutesAgo - trial) * 60_000).toISOString();
        const response = await api.post(therapist, `/api/sub-plan-item/${itemId}/evaluation/create`, {
          result: 'YES',
          session_id: sessionId,
          captured_at,
        });
        expect([session, response.status]).toEqual([session, 201]);
      }
    }
    const { body } = await therapy
      .http()
      .get(`/api/sub-plan-item/${itemId}/progress`)
      .set(await therapy.headers(owner));
    const progress = body as ItemProgressResponse;
    expect(progress.item.status).toBe('IN_LEARNING');
    expect(progress.points.map((point) => `${point.yes}/${point.trials}`)).toEqual(['5/5', '5/5', '5/5']);
    expect(progress.explanation.streak).toBe(3);
    expect(progress.phases).toHaveLength(1);
  });
});
