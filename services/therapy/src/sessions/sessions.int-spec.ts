import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ErrorMessages, SessionMessages, type TherapySession } from '@aba/contracts/api';
import { Housekeeping } from '../housekeeping/housekeeping.service.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('sessions: start, end, list, and the session every capture carries (issue 15)', () => {
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
    coordinator = await therapy.registerUser({ firstName: 'Cora', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Ana', lastName: 'Popescu', role: 'THERAPIST' });
    secondTherapist = await therapy.registerUser({ firstName: 'Radu', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
  });

  afterAll(() => therapy.close());

  /** A licensed child with the coordinator and both therapists, and one item to score. */
  async function childWithItem(): Promise<{ childId: string; itemId: string }> {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    await addHelper(therapy, owner, childId, secondTherapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    const itemId = await api.createItem(owner, subPlanId, 'Claps hands');
    return { childId, itemId };
  }

  const start = (user: TestUser, childId: string, body?: unknown) =>
    api.post(user, `/api/child/${childId}/session/start`, body);
  const end = (user: TestUser, childId: string, sessionId: string, body?: unknown) =>
    api.post(user, `/api/child/${childId}/session/${sessionId}/end`, body);
  const list = async (user: TestUser, childId: string, query = ''): Promise<TherapySession[]> => {
    const response = await api.get(user, `/api/child/${childId}/session/list${query}`);
    expect(response.status).toBe(200);
    return response.body.sessions as TherapySession[];
  };
  const score = (user: TestUser, itemId: string, body: Record<string, unknown> = {}) =>
    api.post(user, `/api/sub-plan-item/${itemId}/evaluation/create`, { result: 'YES', ...body });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const sessionOf = async (evaluationId: string) =>
    (
      await therapy.sql<{ session_id: string }>(
        'select "session_id" from "therapy"."item_evaluation" where "id" = ?',
        [evaluationId],
      )
    )[0].session_id;

  describe('POST /api/child/{id}/session/start', () => {
    it('starts a session of the caller, with its role, setting and name; a second tap answers the running one', async () => {
      const { childId } = await childWithItem();
      const started = await start(therapist, childId, { setting: 'CLINIC' });
      expect(started.status).toBe(200);
      expect(started.body.session).toMatchObject({
        child_id: childId,
        user_id: therapist.id,
        person: 'Ana Popescu',
        role: 'THERAPIST',
        setting: 'CLINIC',
        implicit: false,
        ended_at: null,
        trials: 0,
        behaviors: 0,
      });
      const again = await start(therapist, childId);
      expect(again.body.session.id).toBe(started.body.session.id);

      const parent = await start(owner, childId);
      expect(parent.body.session).toMatchObject({ role: 'PARENT', setting: null, user_id: owner.id });
      expect(parent.body.session.id).not.toBe(started.body.session.id);
      expect((await start(coordinator, childId)).body.session.role).toBe('COORDINATOR');
    });

    it("accepts the device's id: repeating the call answers the same session; a new id ends the running one", async () => {
      const { childId } = await childWithItem();
      const first = randomUUID();
      const started = await start(therapist, childId, { id: first, setting: 'HOME' });
      expect(started.body.session.id).toBe(first);
      expect((await start(therapist, childId, { id: first })).body.session).toMatchObject({
        id: first,
        ended_at: null,
      });

      const second = randomUUID();
      expect((await start(therapist, childId, { id: second })).body.session.id).toBe(second);
      const sessions = await list(therapist, childId);
      expect(sessions.map((session) => [session.id, session.ended_at === null])).toEqual([
        [second, true],
        [first, false],
      ]);
      // Another user's session id is taken.
      expect(await start(secondTherapist, childId, { id: first }).then((r) => [r.status, r.body])).toEqual([
        409,
        { error: SessionMessages.sessionIdTaken },
      ]);
    });

    it('refuses a bad body with its message, and callers without access', async () => {
      const { childId } = await childWithItem();
      expect(await start(therapist, childId, { id: 'nope' }).then((r) => [r.status, r.body])).toEqual([
        400,
        { error: SessionMessages.sessionIdInvalid },
      ]);
      const badSetting = await start(therapist, childId, { setting: 'BEACH' });
      expect(badSetting.status).toBe(400);
      expect(await start(stranger, childId).then((r) => [r.status, r.body])).toEqual([
        403,
        { error: ErrorMessages.noChildAccess },
      ]);
      expect(await start(therapist, randomUUID()).then((r) => [r.status, r.body])).toEqual([
        404,
        { error: ErrorMessages.childNotFound },
      ]);
    });
  });

  describe('captures carry their session', () => {
    it('a trial with no open session opens an implicit one at its time; the next trials join it', async () => {
      const { childId, itemId } = await childWithItem();
      const first = await score(therapist, itemId);
      expect(first.status).toBe(201);
      await score(therapist, itemId, { result: 'NO' });
      const [session] = await list(therapist, childId);
      expect(session).toMatchObject({ implicit: true, role: 'THERAPIST', trials: 2, ended_at: null });
      expect(await sessionOf(first.body.evaluation.id)).toBe(session.id);
    });

    it('a trial 30 minutes or more after the last activity opens a new session; the old one ended a minute after its last activity', async () => {
      const { childId, itemId } = await childWithItem();
      await score(therapist, itemId, { captured_at: minutesAgo(90) });
      await score(therapist, itemId, { captured_at: minutesAgo(80) });
      await score(therapist, itemId, { captured_at: minutesAgo(45) });
      const sessions = await list(therapist, childId);
      expect(sessions.map((session) => session.trials)).toEqual([1, 2]);
      const older = sessions[1];
      expect(older.ended_at).toBe(new Date(Date.parse(older.last_activity_at) + 60_000).toISOString());
      expect(older.duration_seconds).toBe(11 * 60);
      // The newer one has been idle for 45 minutes: it has ended too, as read.
      expect(sessions[0].ended_at).not.toBeNull();
    });

    it('the span follows its captures to the second: a capture within a second of the last activity leaves the session row as it is', async () => {
      const { childId, itemId } = await childWithItem();
      const first = Date.now() - 10 * 60_000;
      const at = (offsetMs: number) => ({ captured_at: new Date(first + offsetMs).toISOString() });
      const stored = async () =>
        (
          await therapy.sql<{ version: string; started_at: Date; last_activity_at: Date }>(
            'select xmin::text as "version", "started_at", "last_activity_at" from "therapy"."session" where "child_id" = ?',
            [childId],
          )
        )[0];
      expect((await score(therapist, itemId, at(0))).status).toBe(201);
      const opened = await stored();
      expect((await score(therapist, itemId, at(600))).status).toBe(201);
      expect(await stored()).toEqual(opened);
      expect((await score(therapist, itemId, at(5_000))).status).toBe(201);
      expect((await score(therapist, itemId, at(-60_000))).status).toBe(201);
      const [session] = await list(therapist, childId);
      expect(session).toMatchObject({
        trials: 4,
        started_at: new Date(first - 60_000).toISOString(),
        last_activity_at: new Date(first + 5_000).toISOString(),
      });
    });

    it('housekeeping writes the end of a session idle for 30 minutes, where reads already saw it', async () => {
      const { childId, itemId } = await childWithItem();
      await score(therapist, itemId, { captured_at: minutesAgo(40) });
      const stored = async () =>
        (
          await therapy.sql<{ ended_at: Date | null }>(
            'select "ended_at" from "therapy"."session" where "child_id" = ?',
            [childId],
          )
        )[0].ended_at;
      expect(await stored()).toBeNull();
      const [read] = await list(therapist, childId);
      await therapy.app.get(Housekeeping).sweep();
      expect(new Date(String(await stored())).toISOString()).toBe(read.ended_at);
    });

    it('two people with the child at the same time have two sessions', async () => {
      const { childId, itemId } = await childWithItem();
      await Promise.all([score(therapist, itemId), score(secondTherapist, itemId), score(therapist, itemId)]);
      const sessions = await list(owner, childId);
      expect(sessions.map((session) => [session.user_id, session.trials]).sort()).toEqual(
        [
          [therapist.id, 2],
          [secondTherapist.id, 1],
        ].sort(),
      );
    });

    it('simultaneous first trials of one person open one session, not several', async () => {
      const { childId, itemId } = await childWithItem();
      const answers = await Promise.all(Array.from({ length: 8 }, () => score(therapist, itemId)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
      const sessions = await list(therapist, childId);
      expect(sessions.map((session) => session.trials)).toEqual([8]);
    });

    it("a session id made on the device opens that session; another's session id is 404; a time from a clock running fast is recorded as the server's", async () => {
      const { childId, itemId } = await childWithItem();
      const offline = randomUUID();
      const scored = await score(therapist, itemId, { session_id: offline, captured_at: minutesAgo(5) });
      expect(scored.status).toBe(201);
      expect(await sessionOf(scored.body.evaluation.id)).toBe(offline);
      expect((await list(therapist, childId)).find((session) => session.id === offline)).toMatchObject({
        implicit: true,
        trials: 1,
      });

      expect(
        await score(secondTherapist, itemId, { session_id: offline }).then((r) => [r.status, r.body]),
      ).toEqual([404, { error: SessionMessages.sessionNotFound }]);
      // A phone whose clock runs 10 minutes fast: the trial is recorded, at the server's time.
      const sentAt = Date.now();
      const fast = await score(therapist, itemId, {
        captured_at: new Date(sentAt + 10 * 60_000).toISOString(),
      });
      expect(fast.status).toBe(201);
      expect(Date.parse(fast.body.evaluation.date)).toBeGreaterThanOrEqual(sentAt - 1000);
      expect(Date.parse(fast.body.evaluation.date)).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await score(therapist, itemId, { captured_at: 'yesterday' })).status).toBe(400);
    });

    it("a trial for an item that is not the child's opens no session", async () => {
      const { childId } = await childWithItem();
      const other = await childWithItem();
      const answer = await api.post(
        therapist,
        `/api/child/${childId}/plan/${randomUUID()}/item/${other.itemId}/evaluation/create`,
        {
          result: 'YES',
        },
      );
      expect(answer.status).toBe(404);
      expect(await list(therapist, childId)).toEqual([]);
    });

    it('behaviour occurrences and ABC entries are captured in the session too, at their capture time', async () => {
      const { childId, itemId } = await childWithItem();
      const started = await start(therapist, childId);
      const behavior = await api.post(owner, `/api/child/${childId}/behavior/create`, { name: 'Hitting' });
      const capturedAt = minutesAgo(2);
      const logged = await api.post(therapist, `/api/behavior/${behavior.body.behavior.id}/log`, {
        captured_at: capturedAt,
      });
      expect(logged.status).toBe(201);
      expect(logged.body.entry.date_logged).toBe(capturedAt);
      const abc = await api.post(therapist, `/api/child/${childId}/behavior-abc/log`, {
        behavior_id: behavior.body.behavior.id,
        antecedent: 'Demand',
        consequence: 'Ignored',
      });
      expect(abc.status).toBe(201);
      await score(therapist, itemId);
      const [session] = await list(therapist, childId);
      expect(session).toMatchObject({ id: started.body.session.id, trials: 1, behaviors: 1 });
      const abcSession = await therapy.sql<{ session_id: string }>(
        'select "session_id" from "therapy"."behavior_abc" where "id" = ?',
        [abc.body.entry.id],
      );
      expect(abcSession[0].session_id).toBe(started.body.session.id);
    });
  });

  describe('POST /api/child/{id}/session/{sessionId}/end', () => {
    it("ends the caller's own session; owners and coordinators may end anyone's; others may not", async () => {
      const { childId } = await childWithItem();
      const mine = (await start(therapist, childId)).body.session as TherapySession;
      expect(await end(secondTherapist, childId, mine.id).then((r) => [r.status, r.body])).toEqual([
        403,
        { error: SessionMessages.notYourSession },
      ]);
      const ended = await end(therapist, childId, mine.id);
      expect(ended.status).toBe(200);
      expect(ended.body.session.ended_at).not.toBeNull();
      // Ending it again changes nothing.
      expect((await end(therapist, childId, mine.id)).body.session.ended_at).toBe(
        ended.body.session.ended_at,
      );

      const theirs = (await start(secondTherapist, childId)).body.session as TherapySession;
      expect((await end(coordinator, childId, theirs.id)).status).toBe(200);
      const running = (await start(therapist, childId)).body.session as TherapySession;
      expect(running.id).not.toBe(mine.id);
      expect((await end(owner, childId, running.id)).status).toBe(200);
    });

    it("takes the device's start and end times: a session run offline keeps the times it had on the phone", async () => {
      const { childId, itemId } = await childWithItem();
      const id = randomUUID();
      const startedAt = minutesAgo(90);
      const started = await start(therapist, childId, { id, setting: 'HOME', captured_at: startedAt });
      expect([started.status, started.body.session.started_at]).toEqual([200, startedAt]);
      for (const minutes of [80, 70]) {
        expect(
          (await score(therapist, itemId, { session_id: id, captured_at: minutesAgo(minutes) })).status,
        ).toBe(201);
      }
      const endedAt = minutesAgo(65);
      const ended = await end(therapist, childId, id, { captured_at: endedAt });
      expect([ended.status, ended.body.session.ended_at]).toEqual([200, endedAt]);
      // Sent again, later: the end stays where the phone put it.
      expect((await end(therapist, childId, id, { captured_at: minutesAgo(1) })).body.session.ended_at).toBe(
        endedAt,
      );
      // An end the phone dates before the session's last trial is the last trial's time.
      const other = randomUUID();
      await start(therapist, childId, { id: other, captured_at: minutesAgo(50) });
      await score(therapist, itemId, { session_id: other, captured_at: minutesAgo(40) });
      const early = await end(therapist, childId, other, { captured_at: minutesAgo(45) });
      expect(Date.parse(early.body.session.ended_at)).toBeGreaterThanOrEqual(
        Date.parse(minutesAgo(40)) - 1000,
      );
      // A phone whose clock runs an hour fast ends the session now (a repeat keeps the first end).
      const third = randomUUID();
      await start(therapist, childId, { id: third, captured_at: minutesAgo(20) });
      const endedBefore = Date.now();
      const fast = await end(therapist, childId, third, {
        captured_at: new Date(endedBefore + 3_600_000).toISOString(),
      });
      expect(fast.status).toBe(200);
      expect(Date.parse(fast.body.session.ended_at)).toBeGreaterThanOrEqual(endedBefore - 1000);
      expect(Date.parse(fast.body.session.ended_at)).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it("answers 404 for a session that is not the child's, or no session id", async () => {
      const { childId } = await childWithItem();
      const other = await childWithItem();
      const elsewhere = (await start(therapist, other.childId)).body.session as TherapySession;
      for (const id of [elsewhere.id, randomUUID(), 'not-an-id']) {
        expect(await end(therapist, childId, id).then((r) => [r.status, r.body])).toEqual([
          404,
          { error: SessionMessages.sessionNotFound },
        ]);
      }
    });
  });

  describe('GET /api/child/{id}/session/list', () => {
    it("filters by the child's local days: 01:30 in Bucharest is that day, though still the previous day in UTC", async () => {
      const { childId, itemId } = await childWithItem();
      // 2026-03-01T23:30Z is 2026-03-02 01:30 in Bucharest (UTC+2).
      await therapy.insertEvaluations(
        `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id", 'YES' as "result",
                ?::uuid as "user_id", '2026-03-01T23:30:00Z'::timestamptz as "created_at"`,
        [itemId, childId, therapist.id],
      );
      await therapy.insertEvaluations(
        `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id", 'YES' as "result",
                ?::uuid as "user_id", '2026-03-01T12:00:00Z'::timestamptz as "created_at"`,
        [itemId, childId, therapist.id],
      );
      const days = async (query: string) =>
        (await list(therapist, childId, query)).map((session) => session.started_at);
      expect(await days('?from=2026-03-02&to=2026-03-02')).toEqual(['2026-03-01T23:30:00.000Z']);
      expect(await days('?from=2026-03-01&to=2026-03-01')).toEqual(['2026-03-01T12:00:00.000Z']);
      expect(await days('?to=2026-03-02')).toEqual(['2026-03-01T23:30:00.000Z', '2026-03-01T12:00:00.000Z']);
      const reversed = await api.get(
        therapist,
        `/api/child/${childId}/session/list?from=2026-03-03&to=2026-03-01`,
      );
      expect([reversed.status, reversed.body]).toEqual([400, { error: SessionMessages.dateRangeInvalid }]);
      const malformed = await api.get(therapist, `/api/child/${childId}/session/list?from=March`);
      expect([malformed.status, malformed.body]).toEqual([400, { error: SessionMessages.dateRangeInvalid }]);
    });

    it('is empty for a child with no session, and refused to strangers', async () => {
      const { childId } = await childWithItem();
      expect(await list(owner, childId)).toEqual([]);
      expect((await api.get(stranger, `/api/child/${childId}/session/list`)).status).toBe(403);
    });
  });
});
