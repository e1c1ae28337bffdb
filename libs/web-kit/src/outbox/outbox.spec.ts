import 'fake-indexeddb/auto';
import {
  flushOutbox,
  forgetCapture,
  openOutbox,
  OutboxFullError,
  pendingCaptures,
  queueAgain,
  queueCapture,
  retryDelayMs,
  handOverRequest,
  type NewOutboxRecord,
  type OutboxDb,
  type OutboxRecord,
  type SendAnswer,
} from './outbox.js';

const USER = 'user-1';
const HOUR = 3_600_000;
let db: OutboxDb;

beforeEach(async () => {
  db = await openOutbox(`outbox-${crypto.randomUUID()}`);
});
afterEach(() => db.close());

const capture = (childId: string, overrides: Partial<NewOutboxRecord> = {}): NewOutboxRecord => {
  const id = crypto.randomUUID();
  return {
    id,
    userId: USER,
    childId,
    kind: 'evaluation',
    path: `/api/sub-plan-item/item-of-${childId}/evaluation/create`,
    body: { result: 'YES', id, captured_at: '2026-11-26T08:00:00.000Z' },
    capturedAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
};

/** A server that answers each record's id with the next status of its script (201 once the script is spent). */
function server(script: Record<string, number[]> = {}) {
  const received: string[] = [];
  const send = async (record: OutboxRecord): Promise<SendAnswer> => {
    received.push(record.id);
    const status = script[record.id]?.shift() ?? 201;
    if (status === 0) throw new TypeError('Failed to fetch');
    return {
      status,
      body: status >= 400 ? { error: `refused ${status}` } : { evaluation: { id: record.id } },
    };
  };
  return { send, received };
}

describe('the outbox', () => {
  it('keeps captures in the order they were made and sends them in that order, each leaving once acknowledged', async () => {
    const records = [capture('a'), capture('b'), capture('a'), capture('a')];
    for (const record of records) await queueCapture(db, record);
    const { send, received } = server();
    const report = await flushOutbox(db, USER, send);
    expect(received).toEqual(records.map((record) => record.id));
    expect(report).toEqual({
      sent: records.map((record) => record.id),
      handedOver: [],
      failed: [],
      setAside: [],
      pending: 0,
      loggedOut: false,
    });
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('queues a capture once however often it is queued', async () => {
    const record = capture('a');
    await queueCapture(db, record);
    await queueCapture(db, { ...record, body: { result: 'NO' } });
    const pending = await pendingCaptures(db, USER);
    expect(pending).toHaveLength(1);
    expect(pending[0].body).toEqual(record.body);
  });

  it("holds a child's later captures behind one not sent, and lets the other children go on", async () => {
    const [a1, a2, b1] = [capture('a'), capture('a'), capture('b')];
    for (const record of [a1, a2, b1]) await queueCapture(db, record, 0);
    const { send, received } = server({ [a1.id]: [0] });
    const report = await flushOutbox(db, USER, send, { now: 0 });
    expect(received).toEqual([a1.id, b1.id]);
    expect(report).toMatchObject({ sent: [b1.id], failed: [a1.id], pending: 2 });
    expect((await pendingCaptures(db, USER)).map((record) => record.id)).toEqual([a1.id, a2.id]);

    const again = server();
    await flushOutbox(db, USER, again.send, { now: retryDelayMs(1) });
    expect(again.received).toEqual([a1.id, a2.id]);
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('flushes only the records asked for, in their order', async () => {
    const [a1, b1, a2] = [capture('a'), capture('b'), capture('a')];
    for (const record of [a1, b1, a2]) await queueCapture(db, record);
    const { send, received } = server();
    await flushOutbox(db, USER, send, { only: (record) => record.childId === 'a' });
    expect(received).toEqual([a1.id, a2.id]);
    expect((await pendingCaptures(db, USER)).map((record) => record.id)).toEqual([b1.id]);
  });

  it('backs off 30 s, 1 min, 2 min … up to 5 min after each failed send, and an online flush ignores the wait', async () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    const record = capture('a');
    await queueCapture(db, record, 0);
    const failing = server({ [record.id]: [503, 0, 500] });
    await flushOutbox(db, USER, failing.send, { now: 0 });
    expect((await pendingCaptures(db, USER))[0]).toMatchObject({ attempts: 1, nextAttemptAt: 30_000 });
    await flushOutbox(db, USER, failing.send, { now: 29_999 });
    expect(failing.received).toHaveLength(1);
    await flushOutbox(db, USER, failing.send, { now: 30_000 });
    expect((await pendingCaptures(db, USER))[0]).toMatchObject({ attempts: 2, nextAttemptAt: 90_000 });
    await flushOutbox(db, USER, failing.send, { now: 31_000, ignoreBackoff: true });
    expect(failing.received).toHaveLength(3);
    expect((await pendingCaptures(db, USER))[0]).toMatchObject({
      attempts: 3,
      nextAttemptAt: 31_000 + 120_000,
    });
  });

  it('never lets a capture expire: after days of failures it is still there and is sent when the server answers', async () => {
    const record = capture('a');
    await queueCapture(db, record, 0);
    const offline = server({ [record.id]: Array.from({ length: 200 }, () => 0) });
    for (let hour = 0; hour < 72; hour++) await flushOutbox(db, USER, offline.send, { now: hour * HOUR });
    expect((await pendingCaptures(db, USER)).map((kept) => kept.id)).toEqual([record.id]);
    const online = server();
    await flushOutbox(db, USER, online.send, { now: 73 * HOUR });
    expect(online.received).toEqual([record.id]);
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('sets a capture the server refuses for good aside for a person, with the reason, and sends the rest', async () => {
    const [gone, next] = [capture('a'), capture('a')];
    await queueCapture(db, gone);
    await queueCapture(db, next);
    const { send, received } = server({ [gone.id]: [404] });
    const report = await flushOutbox(db, USER, send);
    expect(received).toEqual([gone.id, next.id]);
    expect(report).toEqual({
      sent: [next.id],
      handedOver: [],
      failed: [],
      setAside: [{ id: gone.id, status: 404, error: 'refused 404' }],
      pending: 1,
      loggedOut: false,
    });
    const [aside] = await pendingCaptures(db, USER);
    expect(aside).toMatchObject({ id: gone.id, attention: { status: 404, error: 'refused 404' } });
    const later = server();
    await flushOutbox(db, USER, later.send, { ignoreBackoff: true });
    expect(later.received).toEqual([]);
  });

  it('sends a capture set aside again when its author asks, in its place, and sets it aside again if still refused', async () => {
    const [aside, after] = [capture('a'), capture('a')];
    await queueCapture(db, aside);
    await flushOutbox(db, USER, server({ [aside.id]: [403] }).send);
    await queueCapture(db, after, 5 * HOUR);
    await queueAgain(db, aside.id, 5 * HOUR);

    const refusedAgain = server({ [aside.id]: [404], [after.id]: [503] });
    const report = await flushOutbox(db, USER, refusedAgain.send, { now: 5 * HOUR });
    expect(refusedAgain.received).toEqual([aside.id, after.id]);
    expect(report.setAside).toEqual([{ id: aside.id, status: 404, error: 'refused 404' }]);

    await queueAgain(db, aside.id, 6 * HOUR);
    const accepted = server();
    await flushOutbox(db, USER, accepted.send, { now: 6 * HOUR, ignoreBackoff: true });
    expect(accepted.received).toEqual([aside.id, after.id]);
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('stops at a 401 and keeps everything for the same user; another user neither sees nor sends them', async () => {
    const [first, second] = [capture('a'), capture('b')];
    await queueCapture(db, first);
    await queueCapture(db, second);
    const expired = server({ [first.id]: [401] });
    expect(await flushOutbox(db, USER, expired.send)).toEqual({
      sent: [],
      handedOver: [],
      failed: [],
      setAside: [],
      pending: 2,
      loggedOut: true,
    });
    expect(expired.received).toEqual([first.id]);

    const other = server();
    expect(await pendingCaptures(db, 'user-2')).toEqual([]);
    expect(await flushOutbox(db, 'user-2', other.send)).toEqual({
      sent: [],
      handedOver: [],
      failed: [],
      setAside: [],
      pending: 0,
      loggedOut: false,
    });
    expect(other.received).toEqual([]);

    const back = server();
    expect(await flushOutbox(db, USER, back.send)).toEqual({
      sent: [first.id, second.id],
      handedOver: [],
      failed: [],
      setAside: [],
      pending: 0,
      loggedOut: false,
    });
  });

  it('says the device is full when IndexedDB has no room left, and keeps what it had', async () => {
    const kept = capture('a');
    await queueCapture(db, kept);
    const full = { add: () => Promise.reject(new DOMException('quota', 'QuotaExceededError')) };
    await expect(
      queueCapture(Object.assign(Object.create(db), full) as OutboxDb, capture('a')),
    ).rejects.toBeInstanceOf(OutboxFullError);
    expect((await pendingCaptures(db, USER)).map((record) => record.id)).toEqual([kept.id]);
  });

  it('never revives a capture discarded while a send of it was failing', async () => {
    const record = capture('a');
    await queueCapture(db, record);
    const send = async (): Promise<SendAnswer> => {
      await forgetCapture(db, record.id);
      return { status: 0 };
    };
    await flushOutbox(db, USER, send);
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('does not send a capture discarded while the ones before it were being sent', async () => {
    const [first, discarded, last] = [capture('a'), capture('b'), capture('c')];
    for (const record of [first, discarded, last]) await queueCapture(db, record);
    const received: string[] = [];
    const send = async (record: OutboxRecord): Promise<SendAnswer> => {
      received.push(record.id);
      if (record.id === first.id) await forgetCapture(db, discarded.id);
      return { status: 201 };
    };
    const report = await flushOutbox(db, USER, send);
    expect(received).toEqual([first.id, last.id]);
    expect(report.sent).toEqual([first.id, last.id]);
    expect(await pendingCaptures(db, USER)).toEqual([]);
  });

  it('forgets a discarded capture and nothing else', async () => {
    const [discarded, other] = [capture('a'), capture('a')];
    await queueCapture(db, discarded);
    await queueCapture(db, other);
    await forgetCapture(db, discarded.id);
    await forgetCapture(db, crypto.randomUUID());
    expect((await pendingCaptures(db, USER)).map((record) => record.id)).toEqual([other.id]);
  });

  describe('a capture whose goal or behaviour is gone (ADR 0044)', () => {
    const forGoal = (childId: string) =>
      capture(childId, { target: { id: `item-of-${childId}`, label: 'Claps hands' } });

    /** A hand-over call that answers each record's id with the next status of its script (201 once spent). */
    function team(script: Record<string, number[]> = {}) {
      const handedOver: Record<string, unknown>[] = [];
      const handOver = async (record: OutboxRecord): Promise<SendAnswer> => {
        handedOver.push(handOverRequest(record)!);
        const status = script[record.id]?.shift() ?? 201;
        return { status, body: status >= 400 ? { error: `team refused ${status}` } : {} };
      };
      return { handOver, handedOver };
    }

    it.each([404, 403])(
      "is handed over to the child's team when refused with %i, and leaves the device once the server keeps it",
      async (refusal) => {
        const [gone, next] = [forGoal('a'), forGoal('a')];
        await queueCapture(db, gone);
        await queueCapture(db, next);
        const { send } = server({ [gone.id]: [refusal] });
        const { handOver, handedOver } = team();
        const report = await flushOutbox(db, USER, send, { handOver });
        expect(report).toMatchObject({ sent: [next.id], handedOver: [gone.id], setAside: [], pending: 0 });
        expect(handedOver).toEqual([
          {
            id: gone.id,
            target_id: 'item-of-a',
            target_label: 'Claps hands',
            captured_at: gone.capturedAt,
            record: { kind: 'evaluation', result: 'YES' },
          },
        ]);
      },
    );

    it('waits as an unsent capture when the hand-over gets no answer, and is set aside with the 404 when it is refused', async () => {
      const [unanswered, refused] = [forGoal('a'), forGoal('b')];
      await queueCapture(db, unanswered);
      await queueCapture(db, refused);
      const { send } = server({ [unanswered.id]: [404, 404], [refused.id]: [404] });
      const { handOver } = team({ [unanswered.id]: [503], [refused.id]: [409] });
      const report = await flushOutbox(db, USER, send, { handOver });
      expect(report).toMatchObject({
        handedOver: [],
        failed: [unanswered.id],
        setAside: [{ id: refused.id, status: 404, error: 'refused 404' }],
        pending: 2,
      });
      const [waiting] = await pendingCaptures(db, USER);
      expect(waiting).toMatchObject({ id: unanswered.id, attempts: 1 });
      expect(waiting.attention).toBeUndefined();
      const later = await flushOutbox(db, USER, send, { handOver, ignoreBackoff: true });
      expect(later).toMatchObject({ handedOver: [unanswered.id], pending: 1 });
    });

    it('says nothing to hand over for a capture that names no goal, or for a session', () => {
      expect(
        handOverRequest({ ...capture('a'), attempts: 0, nextAttemptAt: 0, queuedAt: '' }),
      ).toBeUndefined();
      const start = {
        ...forGoal('a'),
        kind: 'session-start' as const,
        attempts: 0,
        nextAttemptAt: 0,
        queuedAt: '',
      };
      expect(handOverRequest(start)).toBeUndefined();
    });
  });
});
