import { useEffect, useState } from 'react';
import { pendingCaptures, type OutboxRecord } from './outbox.js';
import { deviceOutbox, lastSyncOf, listenForOutboxChanges } from './outbox-sync.js';

/** A record waiting this long while the device is online is overdue (the badge and the page turn red). */
const OVERDUE_MS = 24 * 3_600_000;

export interface OutboxStatus {
  /** The user's captures on this device that the server does not have yet, oldest first. */
  records: readonly OutboxRecord[];
  /** When the device last had nothing it could not send (ISO), if it knows. */
  lastSyncAt: string | null;
  /** Whether the outbox was read (false while reading, and where the browser has no IndexedDB). */
  read: boolean;
}

/** The user's outbox on this device, read again whenever it changes anywhere on the page or in another tab. */
export function useOutboxStatus(userId: string | undefined): OutboxStatus {
  const [status, setStatus] = useState<OutboxStatus>({ records: [], lastSyncAt: null, read: false });
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      void deviceOutbox()
        .then((db) => pendingCaptures(db, userId))
        .then(
          (records) => live && setStatus({ records, lastSyncAt: lastSyncOf(userId), read: true }),
          () => live && setStatus({ records: [], lastSyncAt: lastSyncOf(userId), read: false }),
        );
    read();
    const stop = listenForOutboxChanges(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return status;
}

/** Whether a record has waited too long: queued over `OVERDUE_MS` ago while the device is online. */
export const isOverdue = (record: OutboxRecord, now: number, online: boolean): boolean =>
  online && now - Date.parse(record.queuedAt) > OVERDUE_MS;
