import { NeedsAttentionMessages } from '@aba/contracts/api';
import {
  flushOutbox,
  forgetCapture,
  handOverCapture,
  isTransient,
  openOutbox,
  OutboxFullError,
  pendingCaptures,
  queueAgain,
  queueCapture,
  sendCapture,
  type FlushReport,
  type NewOutboxRecord,
  type OutboxDb,
  type OutboxRecord,
  type SendAnswer,
  type SetAsideCapture,
} from './outbox.js';

/** How often a page flushes while anything waits (records in back-off wait their turn). */
const FLUSH_EVERY_MS = 30_000;
const FLUSH_LOCK = 'aba-outbox-flush';
const QUEUED_CHANNEL = 'aba-outbox-queued';
const SENT_CHANNEL = 'aba-outbox-sent';
const SET_ASIDE_CHANNEL = 'aba-outbox-set-aside';
const CHANGED_CHANNEL = 'aba-outbox-changed';
const FULL_CHANNEL = 'aba-outbox-full';
const syncedKey = (userId: string) => `aba-outbox-synced:${userId}`;

let outbox: Promise<OutboxDb> | undefined;
/** The device's outbox, opened once per bundle; rejects where the browser has no IndexedDB. */
export const deviceOutbox = (): Promise<OutboxDb> => (outbox ??= openOutbox());

/** A flush of this bundle waits for the device's current one; more triggers meanwhile add nothing to it. */
let flushWaiting = false;
/** Where the browser has no Web Locks: this bundle's flushes, one after the other. */
let lastFlushHere: Promise<unknown> = Promise.resolve();

/**
 * Runs `flush` alone on the device: the shell and every remote bundle their own copy of this module, and a user may
 * have two tabs open; a Web Lock makes them take turns (this bundle's own turns where there is none). A trigger that
 * comes while a flush runs is never lost: one more flush follows it, however many triggers came.
 */
async function exclusively(
  userId: string,
  flush: () => Promise<FlushReport>,
): Promise<FlushReport | undefined> {
  if (flushWaiting) return undefined;
  flushWaiting = true;
  const turn = () => {
    flushWaiting = false;
    return flush().then((report) => {
      if (report.failed.length === 0 && !report.loggedOut) noteSynced(userId);
      announce(CHANGED_CHANNEL, 'changed');
      return announceSent(report);
    });
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request(FLUSH_LOCK, turn);
  const flushed = lastFlushHere.then(turn, turn);
  lastFlushHere = flushed.catch(() => undefined);
  return flushed;
}

/**
 * Tells every bundle and tab which captures a flush got acknowledged, and which the server refused for good: a
 * screen that showed them as kept and on their way says they arrived, or that they were NOT saved and why (for one
 * handed over to the child's team: that it went there).
 */
function announceSent(report: FlushReport): FlushReport {
  if (report.sent.length > 0) announce(SENT_CHANNEL, report.sent);
  const handedOver = report.handedOver.map(
    (id): SetAsideCapture => ({ id, status: 404, error: NeedsAttentionMessages.handedOver }),
  );
  const refused = [...report.setAside, ...handedOver];
  if (refused.length > 0) announce(SET_ASIDE_CHANNEL, refused);
  return report;
}

function announce(name: string, message: unknown): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(name);
  channel.postMessage(message);
  channel.close();
}

/** Remembers when the device last had nothing it could not send for the user (the badge's "last sync"). */
function noteSynced(userId: string): void {
  try {
    localStorage.setItem(syncedKey(userId), new Date().toISOString());
  } catch {
    // Storage refused (private mode, full): the badge only lacks the time.
  }
}

/** When the device last had nothing it could not send for the user (ISO), if it knows. */
export function lastSyncOf(userId: string): string | null {
  try {
    return localStorage.getItem(syncedKey(userId));
  } catch {
    return null;
  }
}

/** Hears the messages of one of the outbox's channels, from every bundle and tab; returns the stop. */
function listen<T>(name: string, listener: (message: T) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<T>) => listener(event.data);
  return () => channel.close();
}

/** Calls `listener` whenever the outbox may have changed (a capture queued, sent, set aside, discarded). */
export const listenForOutboxChanges = (listener: () => void) => listen(CHANGED_CHANNEL, () => listener());

/** Calls `listener` when a capture could not be kept because the device's storage is full. */
export const listenForFullStorage = (listener: () => void) => listen(FULL_CHANNEL, () => listener());

/** Asks the sync to flush now (the user's "Send now"). */
export const flushNow = (): void => announce(QUEUED_CHANNEL, 'queued');

/** Calls `listener` with the ids of captures the outbox got acknowledged later; returns the stop. */
export const listenForSentCaptures = (listener: (ids: readonly string[]) => void) =>
  listen<readonly string[]>(SENT_CHANNEL, listener);

/** Calls `listener` with the captures a later flush found refused for good (kept under "needs attention"); returns the stop. */
export const listenForSetAsideCaptures = (listener: (captures: readonly SetAsideCapture[]) => void) =>
  listen<readonly SetAsideCapture[]>(SET_ASIDE_CHANNEL, listener);

/**
 * Flushes the user's outbox on start, when the device comes online, when the page becomes visible, when a capture is
 * queued anywhere on the page (or "Send now"), and every `FLUSH_EVERY_MS`. Returns the stop.
 */
export function startOutboxSync(userId: string): () => void {
  let stopped = false;
  const flush = (ignoreBackoff: boolean) => {
    if (stopped) return;
    void deviceOutbox()
      .then((db) =>
        exclusively(userId, () =>
          flushOutbox(db, userId, sendCapture, { ignoreBackoff, handOver: handOverCapture }),
        ),
      )
      .catch(() => undefined);
  };
  const now = () => flush(true);
  const onVisible = () => document.visibilityState === 'visible' && now();
  const stopHearing = listen(QUEUED_CHANNEL, now);
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(() => flush(false), FLUSH_EVERY_MS);
  now();
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', onVisible);
    stopHearing();
  };
}

/** What sending a capture made now came to: the server's answer, and whether the capture stays kept on the device. */
export interface Delivery extends SendAnswer {
  kept: boolean;
}

/**
 * Records a capture made on this page: kept in the outbox first (durable before anything is sent), then sent at once,
 * after the child's earlier captures that still wait (order per child): those are sent first, and if one of them
 * still cannot be, this one waits behind it for the sync. Acknowledged, it leaves the outbox. Refused for good (4xx), it leaves too: the screen that made it shows it with Retry and Discard.
 * Not sent (no answer, a server error), it stays kept and the sync sends it later. Where the device cannot keep it
 * (no IndexedDB, storage full), it is sent all the same and not kept.
 */
export async function deliverCapture(
  record: NewOutboxRecord,
  send: (record: OutboxRecord) => Promise<SendAnswer> = sendCapture,
): Promise<Delivery> {
  const db = await deviceOutbox().catch(() => undefined);
  const kept = db
    ? await queueCapture(db, record).then(
        () => true,
        (error: unknown) => {
          if (error instanceof OutboxFullError) announce(FULL_CHANNEL, 'full');
          return false;
        },
      )
    : false;
  if (kept && db && (await waitsBehind(db, record))) {
    const earlier = await earlierOfChild(db, record);
    await exclusively(record.userId, () =>
      flushOutbox(db, record.userId, send, {
        ignoreBackoff: true,
        only: (queued) => earlier.has(queued.id),
        handOver: handOverCapture,
      }),
    );
    if (await waitsBehind(db, record)) {
      flushNow();
      announce(CHANGED_CHANNEL, 'changed');
      return { status: 0, kept: true };
    }
  }
  const answer = await send(record as OutboxRecord).catch((): SendAnswer => ({ status: 0 }));
  const stays = kept && (isTransient(answer.status) || answer.status === 401);
  if (kept && !stays && db) await forgetCapture(db, record.id);
  if (answer.status >= 200 && answer.status < 300) noteSynced(record.userId);
  if (stays) flushNow();
  if (kept) announce(CHANGED_CHANNEL, 'changed');
  return { ...answer, kept: stays };
}

/** The ids of the child's captures queued before this one that have not been sent (and need no person). */
async function earlierOfChild(db: OutboxDb, record: NewOutboxRecord): Promise<Set<string>> {
  const queued = await pendingCaptures(db, record.userId);
  const own = queued.find((candidate) => candidate.id === record.id)?.seq;
  return new Set(
    queued
      .filter(
        (earlier) =>
          earlier.childId === record.childId &&
          !earlier.attention &&
          own !== undefined &&
          earlier.seq !== undefined &&
          earlier.seq < own,
      )
      .map((earlier) => earlier.id),
  );
}

const waitsBehind = async (db: OutboxDb, record: NewOutboxRecord) =>
  (await earlierOfChild(db, record)).size > 0;

/**
 * A person's change to the device's outbox, then every screen told; nothing where the device keeps none. A change that
 * fails rejects, for the screen to say so.
 */
async function changeOutbox(change: (db: OutboxDb) => Promise<void>): Promise<void> {
  const db = await deviceOutbox().catch(() => undefined);
  if (!db) return;
  await change(db);
  announce(CHANGED_CHANNEL, 'changed');
}

/** Sends a capture set aside for a person again (its author asked to, from the outbox's page). */
export async function retryCapture(id: string): Promise<void> {
  await changeOutbox((db) => queueAgain(db, id));
  flushNow();
}

/** Takes a capture its author discarded out of the outbox. */
export const discardCapture = (id: string): Promise<void> => changeOutbox((db) => forgetCapture(db, id));
