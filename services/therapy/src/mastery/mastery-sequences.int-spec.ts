import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ItemProgressResponse, Progress } from '@aba/contracts/api';
import { PLATFORM_CRITERION } from '@aba/mastery';
import { replay, SEQUENCES, summarise, type MasterySequence } from '@aba/mastery/sequences';
import { plansClient } from '../testing/plans-client.js';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/**
 * The server path against the shared module: every named sequence of `@aba/mastery/sequences` is written to the
 * database as sessions, trials, status changes, criteria and suggestions, and `GET /api/sub-plan-item/{id}/progress`
 * must say exactly what the module says for it (points, streak, code, trend, late data, and the texts).
 */
describe('mastery sequences through the progress call (issue 15)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  /** Directory users standing for the sequences' people, by display name ("Ana P."). */
  const people = new Map<string, string>();

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Olga', role: 'PARENT' });
  });

  afterAll(() => therapy.close());

  async function personId(name: string, role = 'THERAPIST'): Promise<string> {
    const known = people.get(name);
    if (known) return known;
    const id = randomUUID();
    const [first, last] = name.split(' ');
    await therapy.sql(
      `insert into "therapy"."directory_user" ("id", "email", "first_name", "last_name", "role") values (?, ?, ?, ?, ?)`,
      [id, `${id}@example.com`, first, last.replace('.', ''), role],
    );
    people.set(name, id);
    return id;
  }

  /** Writes the sequence for a new item of a new child; answers the item and the session ids it used. */
  async function write(sequence: MasterySequence) {
    const { input, levels } = sequence;
    const childId = await createChild(therapy, owner);
    await therapy.sql('update "therapy"."child" set "time_zone" = ? where "id" = ?', [
      input.time_zone,
      childId,
    ]);
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Sequences');
    const itemId = await api.createItem(owner, subPlanId, sequence.name.slice(0, 200));
    const current = input.phases[input.phases.length - 1];
    await therapy.sql('update "therapy"."sub_plan_item" set "created_at" = ?, "status" = ? where "id" = ?', [
      input.phases[0].from,
      current.status,
      itemId,
    ]);
    for (const [index, change] of input.phases.entries()) {
      if (index === 0) continue;
      await therapy.sql(
        `insert into "therapy"."item_status_change" ("id", "item_id", "from_status", "status", "at", "mode", "actor_id", "reason")
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          itemId,
          input.phases[index - 1].status,
          change.status,
          change.from,
          change.mode,
          change.actor ? await personId(change.actor, 'COORDINATOR') : null,
          change.reason,
        ],
      );
    }

    const sessionIds = new Map<string, string>();
    for (const session of input.sessions) {
      const trials = input.trials
        .filter((trial) => trial.session_id === session.id)
        .map((trial) => trial.captured_at);
      const id = randomUUID();
      sessionIds.set(session.id, id);
      await therapy.sql(
        `insert into "therapy"."session" ("id", "child_id", "user_id", "role", "implicit", "started_at", "last_activity_at", "ended_at")
         values (?, ?, ?, ?, true, ?::timestamptz, ?::timestamptz, ?::timestamptz + interval '1 minute')`,
        [
          id,
          childId,
          await personId(session.person, session.role),
          session.role,
          trials.sort()[0],
          trials.at(-1),
          trials.at(-1),
        ],
      );
    }
    for (const trial of input.trials) {
      const session = input.sessions.find((candidate) => candidate.id === trial.session_id)!;
      await therapy.sql(
        `insert into "therapy"."item_evaluation"
           ("id", "item_id", "child_id", "result", "user_id", "session_id", "captured_at", "created_at")
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          itemId,
          childId,
          trial.result,
          people.get(session.person),
          sessionIds.get(trial.session_id),
          trial.captured_at,
          trial.captured_at,
        ],
      );
    }

    const criteria: [string, unknown, unknown][] = levels
      ? [
          ['child', levels.child, null],
          ['sub_plan', levels.sub_plan, subPlanId],
          ['item', levels.item, itemId],
        ]
      : [['item', isDeepStrictEqual(input.criterion, PLATFORM_CRITERION) ? null : input.criterion, itemId]];
    for (const [level, criterion, id] of criteria) {
      if (!criterion) continue;
      await therapy.sql(
        `insert into "therapy"."mastery_criterion" ("id", "child_id", "sub_plan_id", "item_id", "criterion", "updated_by")
         values (?, ?, ?, ?, ?::jsonb, ?)`,
        [
          randomUUID(),
          childId,
          level === 'sub_plan' ? id : null,
          level === 'item' ? id : null,
          JSON.stringify(criterion),
          owner.id,
        ],
      );
    }
    const suggestion = (state: string, decidedAt: string | null) =>
      therapy.sql(
        `insert into "therapy"."mastery_suggestion"
           ("id", "item_id", "child_id", "from_status", "to_status", "state", "evidence", "decided_at")
         values (?, ?, ?, 'IN_LEARNING', 'IN_GENERALIZATION', ?, '{}'::jsonb, ?)`,
        [randomUUID(), itemId, childId, state, decidedAt],
      );
    if (input.pending_suggestion) await suggestion('PENDING', null);
    if (input.streak_reset_at) await suggestion('REJECTED', input.streak_reset_at);
    return { itemId, sessionIds };
  }

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))('%s', async (_name, sequence) => {
    const { itemId, sessionIds } = await write(sequence);
    const response = await therapy
      .http()
      .get(`/api/sub-plan-item/${itemId}/progress`)
      .set({ ...(await therapy.headers(owner)), 'accept-language': 'en' });
    expect(response.status).toBe(200);
    const body = response.body as ItemProgressResponse;
    const nameOf = new Map([...sessionIds].map(([name, id]) => [id, name]));
    const served: Progress = {
      points: body.points.map((point) => ({ ...point, session_id: nameOf.get(point.session_id)! })),
      phases: body.phases,
      current: { status: body.item.status, rule: null },
      explanation: body.explanation,
      decision: null,
      trend: body.trend,
      late_data: body.late_data,
    };
    const expected = replay(sequence, 'en');
    const { decision: _decision, ...outcome } = summarise(served, sequence);
    const { decision: _expectedDecision, ...expectedOutcome } = sequence.expected;
    // The same instants, whatever their notation (the sequences write local times with their offsets).
    const instant = (late: Progress['late_data']) => late && { ...late, at: new Date(late.at).toISOString() };
    expect({ ...outcome, late_data: instant(outcome.late_data) }).toEqual({
      ...expectedOutcome,
      late_data: instant(expectedOutcome.late_data),
    });
    expect(body.explanation.text).toBe(expected.explanation.text);
    expect(body.trend?.text ?? null).toBe(expected.trend?.text ?? null);
  });
});
