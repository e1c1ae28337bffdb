import type { LiveHint } from '@aba/contracts/api';

/** What a write call answered with success tells the child's open pages (its route's path, with `:params`). */
export interface WriteCall {
  routePath: string;
  params: Record<string, string | undefined>;
  body: unknown;
}

function bodyField(body: unknown, name: string): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The hint of a successful write on a child: a trial (and which item, when the path names it), a behaviour log or
 * change (which behaviour), an ABC entry (its behaviour), a session, or anything else of the child.
 */
export function liveHintOf({ routePath, params, body }: WriteCall): LiveHint {
  if (routePath.includes('evaluation')) {
    const itemId = params.itemId ?? (routePath.startsWith('/api/sub-plan-item/:id') ? params.id : undefined);
    return itemId ? { kind: 'evaluation', itemId } : { kind: 'evaluation' };
  }
  if (routePath.includes('behavior-abc')) {
    const behaviorId = bodyField(body, 'behavior_id');
    return behaviorId ? { kind: 'abc', behaviorId } : { kind: 'abc' };
  }
  if (routePath.includes('/behavior')) {
    const behaviorId =
      params.behaviorId ?? (routePath.startsWith('/api/behavior/:id') ? params.id : undefined);
    return behaviorId ? { kind: 'behavior', behaviorId } : { kind: 'behavior' };
  }
  if (routePath.includes('/session')) return { kind: 'session' };
  return { kind: 'child' };
}
