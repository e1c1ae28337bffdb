import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { resolvedSessionSchema, SESSION_COOKIE, type InternalIdentity } from '@aba/contracts/api';
import { INTERNAL_TOKEN_HEADER } from '@aba/server-kit';
import { neverReached, type UpstreamPool } from '../upstreams/upstream-pool.js';
import type { InternalTokenCache } from './internal-token-cache.js';
import { ANONYMOUS, SessionResolver, SessionUnavailable } from './session-resolver.js';

const RESOLVE_TIMEOUT_MS = 3_000;
const MAX_SESSION_ID_LENGTH = 200;

interface CachedSession {
  readonly identity: Promise<InternalIdentity>;
  readonly expiresAt: number;
  /** Known once identity has answered. */
  userId?: string | null;
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return value.length > 0 && value.length <= MAX_SESSION_ID_LENGTH ? value : null;
    }
  }
  return null;
}

/**
 * Asks identity who holds a session cookie and remembers the answer for a few seconds (ARCHITECTURE: "cached for
 * seconds at most, purged on logout"). Identity alone decides: an unknown, expired or logged-out session is
 * anonymous. A replica of identity refusing the connection passes the question to the next one; when none can
 * answer, the caller is neither trusted nor logged out: SessionUnavailable.
 * A user's sessions ending anywhere (`forgetUser`, from identity's revocations) are forgotten at once; while
 * revocations cannot be heard, nothing is remembered (`setCaching(false)`).
 */
export class IdentitySessionResolver extends SessionResolver {
  private readonly cache = new Map<string, CachedSession>();
  private caching = true;

  constructor(
    private readonly identity: UpstreamPool,
    private readonly tokens: InternalTokenCache,
    private readonly logger: Logger,
    private readonly ttlMs = 3_000,
    private readonly maxEntries = 10_000,
  ) {
    super();
  }

  resolve(request: IncomingMessage): Promise<InternalIdentity> {
    const sessionId = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!sessionId) return Promise.resolve(ANONYMOUS);
    if (!this.caching) return this.ask(sessionId);
    const key = createHash('sha256').update(sessionId).digest('base64url');
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.identity;

    if (this.cache.size >= this.maxEntries) this.evict(now);
    const identity = this.ask(sessionId);
    const entry: CachedSession = { identity, expiresAt: now + this.ttlMs };
    this.cache.set(key, entry);
    identity.then(
      (answer) => {
        entry.userId = answer.userId;
      },
      () => this.cache.get(key) === entry && this.cache.delete(key),
    );
    return identity;
  }

  /**
   * The user's sessions ended (identity's revocation): forgets them, and every answer still on its way (it may have
   * been asked before the end).
   */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.cache) {
      if (entry.userId === undefined || entry.userId === userId) this.cache.delete(key);
    }
  }

  /** Off: nothing is remembered (revocations cannot be heard); on again: starts from nothing. */
  setCaching(on: boolean): void {
    this.caching = on;
    this.cache.clear();
  }

  override forget(request: IncomingMessage): void {
    const sessionId = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (sessionId) this.cache.delete(createHash('sha256').update(sessionId).digest('base64url'));
  }

  private async ask(sessionId: string): Promise<InternalIdentity> {
    const response = await this.askIdentity(sessionId);
    if (response.status === 401) {
      await response.body?.cancel();
      return ANONYMOUS;
    }
    const parsed = response.ok
      ? resolvedSessionSchema.safeParse(await response.json().catch(() => null))
      : null;
    if (!parsed?.success) {
      this.logger.warn({ status: response.status }, 'identity answered a session resolution unexpectedly');
      throw new SessionUnavailable();
    }
    return { userId: parsed.data.userId, role: parsed.data.role };
  }

  /** Asks identity's replicas in turn until one takes the connection; SessionUnavailable when none answers. */
  private async askIdentity(sessionId: string): Promise<Response> {
    const init: RequestInit = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_TOKEN_HEADER]: await this.tokens.tokenFor(ANONYMOUS),
      },
      body: JSON.stringify({ sessionId }),
      signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
    };
    let failure: unknown;
    for (const url of this.identity.attemptOrder()) {
      try {
        return await fetch(`${url}/internal/session/resolve`, init);
      } catch (error) {
        failure = error;
        if (!neverReached(error)) break;
        this.identity.markRefused(url);
      }
    }
    this.logger.warn({ err: failure }, 'identity could not resolve a session');
    throw new SessionUnavailable();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(key);
    if (this.cache.size >= this.maxEntries) this.cache.clear();
  }
}
