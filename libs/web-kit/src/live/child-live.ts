import { LIVE_CHANGE_EVENT, liveChildPath, parseLiveHint, type LiveHint } from '@aba/contracts/api';
import { useEffect, useRef } from 'react';

/**
 * What a child page hears of the child while it is open (issue 16, ADR 0040): a hint after each write another member
 * of the team (or another tab) made, and `reconnected` when the stream comes back after a break, during which hints
 * may have been missed (read everything again).
 */
export type ChildChange = LiveHint | { kind: 'reconnected' };

type Listener = (change: ChildChange) => void;

/** After the server refused or dropped the stream for good (EventSource gives up then), the next try waits this long. */
const RETRY_MS = [5_000, 15_000, 60_000] as const;

interface Connection {
  source: EventSource | null;
  listeners: Set<Listener>;
  opened: boolean;
  failures: number;
  retry: ReturnType<typeof setTimeout> | null;
}

/** One stream per child for the whole page (web-kit is one copy per page): the shell and every remote share it. */
const connections = new Map<string, Connection>();

function tell(connection: Connection, change: ChildChange): void {
  for (const listener of connection.listeners) listener(change);
}

function connect(childId: string, connection: Connection): void {
  const source = new EventSource(liveChildPath(childId));
  connection.source = source;
  source.addEventListener('open', () => {
    if (connection.opened) tell(connection, { kind: 'reconnected' });
    connection.opened = true;
    connection.failures = 0;
  });
  source.addEventListener(LIVE_CHANGE_EVENT, (event) =>
    tell(connection, parseLiveHint((event as MessageEvent<string>).data)),
  );
  source.addEventListener('error', () => {
    // A dropped connection is retried by the browser; an answer that is no stream (a 502, a 401) closes it for good.
    if (source.readyState !== EventSource.CLOSED) return;
    const wait = RETRY_MS[Math.min(connection.failures, RETRY_MS.length - 1)];
    connection.failures += 1;
    connection.retry = setTimeout(() => {
      connection.retry = null;
      if (connections.get(childId) === connection) connect(childId, connection);
    }, wait);
  });
}

/** Hears what changes for `childId` until the returned function is called (the stream closes with its last listener). */
export function listenToChild(childId: string, listener: Listener): () => void {
  let connection = connections.get(childId);
  if (!connection) {
    connection = { source: null, listeners: new Set(), opened: false, failures: 0, retry: null };
    connections.set(childId, connection);
    if (typeof EventSource !== 'undefined') connect(childId, connection);
  }
  connection.listeners.add(listener);
  const current = connection;
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.source?.close();
    if (current.retry) clearTimeout(current.retry);
    connections.delete(childId);
  };
}

/** While mounted, calls `onChange` with what changes for the child (the latest `onChange`, without reconnecting). */
export function useChildChanges(childId: string | undefined, onChange: Listener): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(
    () => (childId ? listenToChild(childId, (change) => latest.current(change)) : undefined),
    [childId],
  );
}
