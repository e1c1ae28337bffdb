import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What a queued capture is: the calls of issue 16 that a device may send late. */
export type OutboxKind = 'evaluation' | 'behavior-log' | 'abc-entry' | 'session-start' | 'session-end';

/**
 * A capture kept on this device until the server acknowledged it (ADR 0038): the POST that records it (its body
 * carries the capture's own `id` and `captured_at`, so a repeat is a no-op on the server), whose it is, and how its
 * sending went. Records never expire.
 */
export interface OutboxRecord {
  /** The capture's id on this device (the body's `id`). */
  id: string;
  userId: string;
  childId: string;
  kind: OutboxKind;
  path: string;
  body: Record<string, unknown>;
  capturedAt: string;
  queuedAt: string;
  /** Failed sends so far (network, a server error): the next waits `retryDelayMs(attempts)`. */
  attempts: number;
  /** Epoch ms before which the periodic flush does not send it again. */
  nextAttemptAt: number;
  /**
   * What it was captured for: a goal (an item) or a behaviour, and how the screen named it. Refused because that is
   * gone or its author left the team, the capture is handed over to the child's team instead of waiting here
   * (`handOverRequest`, ADR 0044).
   */
  target?: { id: string; label?: string };
  /** The server refused it for good (the item is gone, the access ended …): a person has to decide. */
  attention?: { status: number; error: string };
  /** Its place in the queue (set when queued). */
  seq?: number;
}

export type NewOutboxRecord = Omit<
  OutboxRecord,
  'attempts' | 'nextAttemptAt' | 'queuedAt' | 'seq' | 'attention'
>;

interface OutboxSchema extends DBSchema {
  records: { key: number; value: OutboxRecord; indexes: { id: string; user: string } };
}

export type OutboxDb = IDBPDatabase<OutboxSchema>;

const DB_NAME = 'aba-outbox';

/** The device's outbox (one IndexedDB database for every remote of the page and every tab). */
export function openOutbox(name = DB_NAME): Promise<OutboxDb> {
  return openDB<OutboxSchema>(name, 1, {
    upgrade(db) {
      const records = db.createObjectStore('records', { keyPath: 'seq', autoIncrement: true });
      records.createIndex('id', 'id', { unique: true });
      records.createIndex('user', 'userId');
    },
  });
}

/** The device has no room left for the outbox: the capture could not be kept on it. */
export class OutboxFullError extends Error {
  constructor() {
    super('The device storage is full');
    this.name = 'OutboxFullError';
  }
}

const isDomError = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;

/**
 * Keeps a capture on the device before anything is sent: it is durable once this resolves. Queuing an id already
 * queued keeps the first (a capture is one record however often it is queued).
 */
export async function queueCapture(db: OutboxDb, record: NewOutboxRecord, now = Date.now()): Promise<void> {
  try {
    await db.add('records', {
      ...record,
      queuedAt: new Date(now).toISOString(),
      attempts: 0,
      nextAttemptAt: now,
    } as OutboxRecord);
  } catch (error) {
    if (isDomError(error, 'ConstraintError')) return;
    if (isDomError(error, 'QuotaExceededError')) throw new OutboxFullError();
    throw error;
  }
}

/** Takes a capture out of the outbox (acknowledged by the server, or discarded by its author). */
export async function forgetCapture(db: OutboxDb, id: string): Promise<void> {
  const tx = db.transaction('records', 'readwrite');
  const key = await tx.store.index('id').getKey(id);
  if (key !== undefined) await tx.store.delete(key);
  await tx.done;
}

/**
 * Puts a capture set aside for a person back in the queue as if just queued (its place in the child's order kept): the
 * next flush sends it, and it is set aside again, with the new reason, if the server still refuses it.
 */
export async function queueAgain(db: OutboxDb, id: string, now = Date.now()): Promise<void> {
  const tx = db.transaction('records', 'readwrite');
  const key = await tx.store.index('id').getKey(id);
  const record = key === undefined ? undefined : await tx.store.get(key);
  if (record) {
    const { attention: _attention, ...waiting } = record;
    await tx.store.put({ ...waiting, attempts: 0, nextAttemptAt: now });
  }
  await tx.done;
}

/** The user's records in the order they were queued. */
export function pendingCaptures(db: OutboxDb, userId: string): Promise<OutboxRecord[]> {
  return db.getAllFromIndex('records', 'user', userId);
}

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 5 * 60_000;

/** Wait before the periodic flush sends a record again after its n-th failure: 30 s, 1 min, 2 min … at most 5 min. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

/** What the server answered a send; `status` 0 when the request never got an answer (offline, DNS, reset). */
export interface SendAnswer {
  status: number;
  body?: unknown;
}

/** Whether a send may succeed later as it is: no answer, a timeout, too many requests, a server error. */
export const isTransient = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** A capture the server refused for good during a flush: it stays on the device under "needs attention". */
export interface SetAsideCapture {
  id: string;
  status: number;
  /** The server's `{ error }`, or '' when it gave none. */
  error: string;
}

export interface FlushReport {
  /** The ids of the captures the server acknowledged. */
  sent: string[];
  /** The ids of the captures refused because their goal or behaviour is gone, now kept by the server for the team. */
  handedOver: string[];
  /** The ids of the captures that could not be sent this time (no answer, a server error). */
  failed: string[];
  /** The captures the server refused for good in this flush, set aside for a person, with why. */
  setAside: SetAsideCapture[];
  /** Still queued after this flush (waiting or needing attention). */
  pending: number;
  /** The server asked for a login (401): nothing more is sent until the same user is back. */
  loggedOut: boolean;
}

/**
 * Sends the user's queued captures, in order per child: a capture that could not be sent (no answer, a server error)
 * holds back the child's later ones until the next flush, so a child's records reach the server in the order they were
 * made; the other children go on. An acknowledged capture (2xx: created, or already there) leaves the outbox. One the
 * server refuses for good (4xx) stays, set aside for a person (`attention`), and no longer holds the others back.
 * A 401 stops the flush: the records wait for their user's next login. `ignoreBackoff` sends now what waits out a
 * back-off (the device came online, the page became visible); `only` limits the flush to some records. With
 * `handOver`, a capture refused with 404 or 403 that says what it was for is handed over to the child's team (its
 * target deleted, or its author off the team since; ADR 0044): it leaves once the server keeps it, waits as any unsent
 * capture when the hand-over got no answer, and is set aside with the first refusal when the server refuses it too.
 */
export async function flushOutbox(
  db: OutboxDb,
  userId: string,
  send: (record: OutboxRecord) => Promise<SendAnswer>,
  {
    now = Date.now(),
    ignoreBackoff = false,
    only = () => true,
    handOver,
  }: {
    now?: number;
    ignoreBackoff?: boolean;
    only?: (record: OutboxRecord) => boolean;
    handOver?: (record: OutboxRecord) => Promise<SendAnswer>;
  } = {},
): Promise<FlushReport> {
  const held = new Set<string>();
  const sent: string[] = [];
  const handedOver: string[] = [];
  const failed: string[] = [];
  const setAside: SetAsideCapture[] = [];
  let loggedOut = false;
  for (const record of await pendingCaptures(db, userId)) {
    if (!only(record) || record.attention || held.has(record.childId)) continue;
    if (!ignoreBackoff && record.nextAttemptAt > now) {
      held.add(record.childId);
      continue;
    }
    // Discarded by its author while the records before it were sent: it must not reach the server.
    if (!(await isQueued(db, record))) continue;
    const sentAnswer = await send(record).catch((): SendAnswer => ({ status: 0 }));
    const handingOver =
      HANDED_OVER_REFUSALS.includes(sentAnswer.status) &&
      handOver !== undefined &&
      handOverRequest(record) !== undefined;
    const answer = handingOver ? await handOver(record).catch((): SendAnswer => ({ status: 0 })) : sentAnswer;
    if (isAcknowledged(answer.status)) {
      await forgetCapture(db, record.id);
      (handingOver ? handedOver : sent).push(record.id);
    } else if (answer.status === 401) {
      loggedOut = true;
      break;
    } else if (isTransient(answer.status)) {
      const attempts = record.attempts + 1;
      await updateIfQueued(db, { ...record, attempts, nextAttemptAt: now + retryDelayMs(attempts) });
      failed.push(record.id);
      held.add(record.childId);
    } else {
      const attention = { status: sentAnswer.status, error: errorOf(sentAnswer.body) };
      await updateIfQueued(db, { ...record, attention });
      setAside.push({ id: record.id, ...attention });
    }
  }
  return {
    sent,
    handedOver,
    failed,
    setAside,
    pending: (await pendingCaptures(db, userId)).length,
    loggedOut,
  };
}

const isAcknowledged = (status: number) => status >= 200 && status < 300;

/** Refusals a capture is handed over to the child's team for: its target is gone (404), its author left the team (403). */
const HANDED_OVER_REFUSALS = [403, 404];

/**
 * The body of `POST /api/child/{id}/needs-attention/create` for a capture that says what it was for (ADR 0044); none
 * for a session's start or end, which are for no goal.
 */
export function handOverRequest(record: OutboxRecord): Record<string, unknown> | undefined {
  const { target, body } = record;
  if (!target) return undefined;
  const what =
    record.kind === 'evaluation'
      ? { kind: record.kind, result: body.result }
      : record.kind === 'behavior-log'
        ? { kind: record.kind }
        : record.kind === 'abc-entry'
          ? { kind: record.kind, antecedent: body.antecedent, consequence: body.consequence }
          : undefined;
  if (!what) return undefined;
  return {
    id: record.id,
    target_id: target.id,
    ...(target.label ? { target_label: target.label } : {}),
    captured_at: record.capturedAt,
    ...(typeof body.session_id === 'string' ? { session_id: body.session_id } : {}),
    record: what,
  };
}

/** Hands a capture whose goal or behaviour is gone over to the child's team, as the page would send it. */
export const handOverCapture = (record: OutboxRecord): Promise<SendAnswer> =>
  postJson(
    `/api/child/${encodeURIComponent(record.childId)}/needs-attention/create`,
    handOverRequest(record),
  );

/** Whether the record is still in the outbox (its author may have discarded it since it was read). */
const isQueued = async (db: OutboxDb, record: OutboxRecord): Promise<boolean> =>
  (await db.getKey('records', record.seq!)) !== undefined;

/** Writes how a send went, unless the record left the outbox meanwhile (its author discarded it): never revives it. */
async function updateIfQueued(db: OutboxDb, record: OutboxRecord): Promise<void> {
  const tx = db.transaction('records', 'readwrite');
  if ((await tx.store.getKey(record.seq!)) !== undefined) await tx.store.put(record);
  await tx.done;
}

const errorOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : '';

/** Sends a queued capture as the page would (same origin, the session cookie, JSON). */
export const sendCapture = (record: OutboxRecord): Promise<SendAnswer> => postJson(record.path, record.body);

async function postJson(path: string, payload: unknown): Promise<SendAnswer> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}
