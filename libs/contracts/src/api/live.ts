/**
 * `GET /api/child/{id}/live` (issue 16, ADR 0040): a server-sent event stream of what changed for the child, so an
 * open page reads again what another member of the team just recorded. Each `change` event's data is a `LiveHint`: no
 * health data, only what kind of record changed and, when the call named it, which item or behaviour, so the page
 * knows which views to read again (through the permission-checked reads).
 */
export const LIVE_CHANGE_EVENT = 'change';

export const LIVE_HINT_KINDS = ['evaluation', 'behavior', 'abc', 'session', 'child'] as const;
export type LiveHintKind = (typeof LIVE_HINT_KINDS)[number];

export interface LiveHint {
  kind: LiveHintKind;
  itemId?: string;
  behaviorId?: string;
}

/** The live stream's path for a child. */
export const liveChildPath = (childId: string) => `/api/child/${encodeURIComponent(childId)}/live`;

/** A hint as received (anything else, e.g. from a newer server, is read as "something of the child changed"). */
export function parseLiveHint(data: string): LiveHint {
  try {
    const value = JSON.parse(data) as Partial<LiveHint> | null;
    if (value && (LIVE_HINT_KINDS as readonly string[]).includes(value.kind ?? '')) {
      return {
        kind: value.kind as LiveHintKind,
        ...(typeof value.itemId === 'string' ? { itemId: value.itemId } : {}),
        ...(typeof value.behaviorId === 'string' ? { behaviorId: value.behaviorId } : {}),
      };
    }
  } catch {
    // not JSON: below
  }
  return { kind: 'child' };
}
