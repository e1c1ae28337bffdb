import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  ABC_OCCURRENCE_WINDOW_MINUTES,
  ABC_TEXT_MAX,
  BehaviorMessages,
  ChildMessages,
  type AbcEntry,
  type Behavior,
  type BehaviorDetailResponse,
  type BehaviorTracking,
} from '@aba/contracts/api';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../../testing/therapy-harness.js';

describe('ABC log and the selectable lists', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;
  let otherChildId: string;
  let behavior: Behavior;
  let otherBehavior: Behavior;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Ioana' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
    childId = await createChild(therapy, owner);
    otherChildId = await createChild(therapy, owner, { first_name: 'Other' });
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    behavior = await createBehavior(childId, 'Hitting');
    otherBehavior = await createBehavior(otherChildId, 'Hitting');
  });

  afterAll(() => therapy.close());

  async function createBehavior(child: string, name: string): Promise<Behavior> {
    const response = await therapy
      .http()
      .post(`/api/child/${child}/behavior/create`)
      .set(await therapy.headers(owner))
      .send({ name })
      .expect(201);
    return response.body.behavior as Behavior;
  }

  const post = async (user: TestUser, path: string, body?: unknown, language?: string) => {
    const request = therapy
      .http()
      .post(path)
      .set(await therapy.headers(user));
    if (language) request.set('accept-language', language);
    return request.send(body as object);
  };
  const get = async (user: TestUser, path: string, language?: string) => {
    const request = therapy
      .http()
      .get(path)
      .set(await therapy.headers(user));
    return language ? request.set('accept-language', language) : request;
  };
  const logPath = () => `/api/child/${childId}/behavior-abc/log`;
  const listPath = (b = behavior.id, child = childId) => `/api/child/${child}/behavior-abc/${b}/list`;

  describe('GET /api/list/{antecedent|consequence}', () => {
    it('answers the seeded lists in Romanian by default and in English when English is preferred', async () => {
      for (const kind of ['antecedent', 'consequence']) {
        const ro = await get(therapist, `/api/list/${kind}`);
        expect(ro.status).toBe(200);
        expect(ro.headers['content-language']).toBe('ro');
        expect(ro.headers.vary).toMatch(/Accept-Language/i);
        const en = await get(therapist, `/api/list/${kind}`, 'en-US,en;q=0.9');
        expect(en.headers['content-language']).toBe('en');
        const list = { ro: ro.body.list as string[], en: en.body.list as string[] };
        expect(list.ro.length).toBeGreaterThanOrEqual(6);
        expect(list.en).toHaveLength(list.ro.length);
        expect(new Set(list.ro).size).toBe(list.ro.length);
        expect(list.en).not.toEqual(list.ro);
        expect([...list.ro, ...list.en].every((text) => typeof text === 'string' && text.trim() !== '')).toBe(
          true,
        );
      }
      const antecedents = (await get(owner, '/api/list/antecedent', 'en')).body.list;
      expect(antecedents).toEqual(
        expect.arrayContaining([
          'Demand placed',
          'Transition between activities',
          'Told "no"',
          'Loud noise or crowded place',
        ]),
      );
      const consequences = (await get(owner, '/api/list/consequence', 'en')).body.list;
      expect(consequences).toEqual(
        expect.arrayContaining([
          'Attention given',
          'Demand removed (escape)',
          'Planned ignoring',
          'Blocked or physical guidance',
        ]),
      );
      expect((await get(owner, '/api/list/antecedent')).body.list[0]).toBe('I s-a cerut ceva (o sarcină)');
    });

    it.each([
      ['ro-RO,ro;q=0.9,en;q=0.8', 'ro'],
      ['fr-FR,en;q=0.5', 'en'],
      ['de-DE', 'ro'],
      ['ro;q=0.2,en;q=0.9', 'en'],
      ['garbage;;;q=x,,', 'ro'],
    ])('reads Accept-Language %s as %s', async (header, language) => {
      const response = await get(owner, '/api/list/consequence', header);
      expect(response.headers['content-language']).toBe(language);
    });

    it.each(['behavior', 'Antecedent', 'antecedents', '%00', 'x'.repeat(500)])(
      'refuses the kind %s with 400',
      async (kind) => {
        const response = await get(owner, `/api/list/${encodeURIComponent(kind)}`);
        expect([response.status, response.body]).toEqual([400, { error: BehaviorMessages.listKindUnknown }]);
      },
    );

    it('needs the gateway token', async () => {
      await therapy.http().get('/api/list/antecedent').expect(401);
    });
  });

  describe('POST /api/child/{childId}/behavior-abc/log and GET …/behavior-abc/{behaviorId}/list', () => {
    it('logs list choices and "Other" texts; the list shows them newest first, items in the reader\'s language', async () => {
      const [antecedentRo] = (await get(therapist, '/api/list/antecedent')).body.list as string[];
      const consequencesRo = (await get(therapist, '/api/list/consequence')).body.list as string[];
      const first = await post(therapist, logPath(), {
        behavior_id: behavior.id,
        antecedent: antecedentRo,
        consequence: consequencesRo[1],
      });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        message: BehaviorMessages.abcLogged,
        entry: {
          id: expect.any(String),
          behavior_id: behavior.id,
          antecedent: antecedentRo,
          consequence: consequencesRo[1],
          created_at: expect.any(String),
        },
        occurrence: {
          id: expect.any(String),
          behavior_id: behavior.id,
          date_logged: first.body.entry.created_at,
        },
        attached: false,
      });
      const second = await post(
        owner,
        logPath(),
        { behavior_id: behavior.id, antecedent: '  Brother took his toy  ', consequence: 'Attention given' },
        'en',
      );
      expect(second.status).toBe(201);
      expect(second.body.entry).toMatchObject({
        antecedent: 'Brother took his toy',
        consequence: 'Attention given',
      });

      const inRomanian = await get(owner, listPath());
      expect(inRomanian.status).toBe(200);
      const entries = inRomanian.body.abc as AbcEntry[];
      expect(entries.map((entry) => [entry.antecedent, entry.consequence])).toEqual([
        ['Brother took his toy', 'I s-a acordat atenție'],
        [antecedentRo, consequencesRo[1]],
      ]);
      expect(entries[0].created_at >= entries[1].created_at).toBe(true);
      expect(entries.every((entry) => entry.behavior_id === behavior.id)).toBe(true);

      const inEnglish = await get(therapist, listPath(), 'en');
      expect(
        (inEnglish.body.abc as AbcEntry[]).map((entry) => [entry.antecedent, entry.consequence]),
      ).toEqual([
        ['Brother took his toy', 'Attention given'],
        ['Demand placed', 'Demand removed (escape)'],
      ]);
    });

    it('keeps an "Other" text of the longest length allowed, and stores it as typed', async () => {
      const text = `Ș${'x'.repeat(ABC_TEXT_MAX - 2)}ă`;
      const response = await post(owner, logPath(), {
        behavior_id: behavior.id,
        antecedent: text,
        consequence: `'; drop table x; --`,
      });
      expect(response.status).toBe(201);
      expect(response.body.entry).toMatchObject({ antecedent: text, consequence: `'; drop table x; --` });
    });

    it('is empty for a behaviour without entries', async () => {
      const fresh = await createBehavior(childId, 'Fresh');
      await get(owner, listPath(fresh.id)).then((r) =>
        expect([r.status, r.body]).toEqual([200, { abc: [] }]),
      );
    });

    it.each([
      ['no antecedent', { consequence: 'x' }, BehaviorMessages.abcIncomplete],
      ['no consequence', { antecedent: 'x' }, BehaviorMessages.abcIncomplete],
      ['blank texts', { antecedent: '  ', consequence: '\t' }, BehaviorMessages.abcIncomplete],
      ['numbers', { antecedent: 1, consequence: 2 }, BehaviorMessages.abcIncomplete],
      ['objects', { antecedent: { a: 1 }, consequence: ['b'] }, BehaviorMessages.abcIncomplete],
      [
        'an antecedent over the limit',
        { antecedent: 'x'.repeat(ABC_TEXT_MAX + 1), consequence: 'y' },
        BehaviorMessages.abcTooLong,
      ],
      [
        'a consequence over the limit',
        { antecedent: 'x', consequence: 'y'.repeat(5000) },
        BehaviorMessages.abcTooLong,
      ],
    ])('refuses %s with 400', async (_name, fields, message) => {
      const response = await post(owner, logPath(), { behavior_id: behavior.id, ...fields });
      expect([response.status, response.body]).toEqual([400, { error: message }]);
    });

    it.each([
      ['no behaviour id', undefined],
      ['a malformed behaviour id', 'nope'],
      ['a number', 5],
    ])('refuses %s with 400', async (_name, behaviorId) => {
      const response = await post(owner, logPath(), {
        behavior_id: behaviorId,
        antecedent: 'a',
        consequence: 'b',
      });
      expect([response.status, response.body]).toEqual([400, { error: BehaviorMessages.behaviorIdInvalid }]);
    });

    it("answers 404 for an unknown behaviour or another child's, and logs nothing", async () => {
      for (const id of [randomUUID(), otherBehavior.id]) {
        const response = await post(owner, logPath(), { behavior_id: id, antecedent: 'a', consequence: 'b' });
        expect([response.status, response.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]);
        await get(owner, listPath(id)).then((r) =>
          expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
        );
      }
      await get(owner, listPath('not-an-id')).then((r) => expect(r.status).toBe(404));
      expect(
        await therapy.sql('select 1 from "therapy"."behavior_abc" where "behavior_id" = ?', [
          otherBehavior.id,
        ]),
      ).toEqual([]);
      // The therapist of this child cannot reach the other child at all.
      await post(therapist, `/api/child/${otherChildId}/behavior-abc/log`, {
        behavior_id: otherBehavior.id,
        antecedent: 'a',
        consequence: 'b',
      }).then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]));
      await get(therapist, listPath(otherBehavior.id, otherChildId)).then((r) => expect(r.status).toBe(403));
    });

    it('refuses strangers with 403 and an unknown child with 404', async () => {
      const before = await therapy.sql('select count(*)::int as n from "therapy"."behavior_tracking"');
      await post(stranger, logPath(), { behavior_id: behavior.id, antecedent: 'a', consequence: 'b' }).then(
        (r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
      await get(stranger, listPath()).then((r) => expect(r.status).toBe(403));
      await post(owner, `/api/child/${randomUUID()}/behavior-abc/log`, {
        behavior_id: behavior.id,
        antecedent: 'a',
        consequence: 'b',
      }).then((r) => expect([r.status, r.body]).toEqual([404, { error: ChildMessages.childNotFound }]));
      // No occurrence was counted either.
      expect(await therapy.sql('select count(*)::int as n from "therapy"."behavior_tracking"')).toEqual(
        before,
      );
    });
  });

  describe('an ABC entry is an occurrence (ADR 0019)', () => {
    const entryFor = (b: Behavior) => ({
      behavior_id: b.id,
      antecedent: 'Demand placed',
      consequence: 'Attention given',
    });
    const logOccurrence = async (user: TestUser, b: Behavior) => {
      const response = await post(user, `/api/behavior/${b.id}/log`);
      expect(response.status).toBe(201);
      return response.body.entry as BehaviorTracking;
    };
    const tracking = async (b: Behavior) =>
      ((await get(owner, `/api/behavior/${b.id}`)).body as BehaviorDetailResponse).behavior_tracking;

    it('counts an entry logged on its own as one new occurrence, at the same time, once in the chart', async () => {
      const b = await createBehavior(childId, 'Alone');
      const response = await post(therapist, logPath(), entryFor(b));
      expect(response.status).toBe(201);
      expect(response.body.attached).toBe(false);
      const occurrences = await tracking(b);
      expect(occurrences).toEqual([response.body.occurrence]);
      expect(occurrences[0].date_logged).toBe(response.body.entry.created_at);
      expect(
        await therapy.sql(
          'select "tracking_id", "created_by" from "therapy"."behavior_abc" where "behavior_id" = ?',
          [b.id],
        ),
      ).toEqual([{ tracking_id: occurrences[0].id, created_by: therapist.id }]);
    });

    it('completes the occurrence its author just logged instead of counting it again', async () => {
      const b = await createBehavior(childId, 'Logged first');
      const logged = await logOccurrence(therapist, b);
      const response = await post(therapist, logPath(), entryFor(b));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ attached: true, occurrence: logged });
      // The entry takes the occurrence's time, and the chart still counts one.
      expect(response.body.entry.created_at).toBe(logged.date_logged);
      expect(await tracking(b)).toEqual([logged]);
      expect((await get(owner, listPath(b.id))).body.abc).toEqual([response.body.entry]);
    });

    it('completes the latest of several occurrences without an entry; one occurrence takes one entry', async () => {
      const b = await createBehavior(childId, 'Twice');
      const earlier = await logOccurrence(therapist, b);
      const later = await logOccurrence(therapist, b);
      const first = await post(therapist, logPath(), entryFor(b));
      expect(first.body).toMatchObject({ attached: true, occurrence: { id: later.id } });
      const second = await post(therapist, logPath(), entryFor(b));
      expect(second.body).toMatchObject({ attached: true, occurrence: { id: earlier.id } });
      const third = await post(therapist, logPath(), entryFor(b));
      expect(third.body.attached).toBe(false);
      expect(await tracking(b)).toHaveLength(3);
    });

    it("never completes someone else's occurrence, nor one older than the window", async () => {
      const b = await createBehavior(childId, 'Not mine');
      await logOccurrence(owner, b);
      const byTherapist = await post(therapist, logPath(), entryFor(b));
      expect(byTherapist.body.attached).toBe(false);
      const old = await logOccurrence(therapist, b);
      await therapy.sql(
        `update "therapy"."behavior_tracking" set "date_logged" = now() - make_interval(mins => ?) - interval '1 second' where "id" = ?`,
        [ABC_OCCURRENCE_WINDOW_MINUTES, old.id],
      );
      const late = await post(therapist, logPath(), entryFor(b));
      expect(late.body.attached).toBe(false);
      expect(await tracking(b)).toHaveLength(4);
    });

    it('entries racing for several open occurrences all save: each occurrence is completed once, the rest are new', async () => {
      const b = await createBehavior(childId, 'Raced for many');
      const logged = [];
      for (let n = 0; n < 6; n++) logged.push(await logOccurrence(therapist, b));
      const responses = await Promise.all(
        Array.from({ length: 16 }, () => post(therapist, logPath(), entryFor(b))),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(16).fill(201));
      const attached = responses.filter((r) => r.body.attached).map((r) => r.body.occurrence.id as string);
      expect(new Set(attached)).toEqual(new Set(logged.map((occurrence) => occurrence.id)));
      expect(attached).toHaveLength(6);
      expect(await tracking(b)).toHaveLength(16);
    });

    it('completes an occurrence once when several entries race for it: the others are new occurrences', async () => {
      const b = await createBehavior(childId, 'Raced');
      const logged = await logOccurrence(therapist, b);
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post(therapist, logPath(), entryFor(b))),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
      const attached = responses.filter((r) => r.body.attached);
      expect(attached.map((r) => r.body.occurrence.id)).toEqual([logged.id]);
      const occurrences = await tracking(b);
      expect(occurrences).toHaveLength(8);
      const links = await therapy.sql<{ tracking_id: string }>(
        'select "tracking_id" from "therapy"."behavior_abc" where "behavior_id" = ?',
        [b.id],
      );
      expect(new Set(links.map((link) => link.tracking_id))).toEqual(new Set(occurrences.map((o) => o.id)));
    });
  });
});
