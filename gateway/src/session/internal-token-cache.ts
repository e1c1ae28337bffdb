import type { InternalIdentity } from '@aba/contracts/api';

/** What the cache needs from server-kit's InternalTokenCodec. */
export interface TokenSigner {
  sign(identity: InternalIdentity): Promise<string>;
}

interface Entry {
  readonly token: Promise<string>;
  readonly expiresAt: number;
}

/**
 * Signs one internal token per identity and reuses it for a few seconds, so that the proxy does not sign per request.
 * The codec's tokens live 60 s; a cached one is handed out for at most `ttlMs`, so it always has most of its life left.
 */
export class InternalTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly signer: TokenSigner,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  tokenFor(identity: InternalIdentity): Promise<string> {
    const key = `${identity.userId ?? ''}|${identity.role ?? ''}`;
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.token;

    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const token = this.signer.sign(identity);
    const entry: Entry = { token, expiresAt: now + this.ttlMs };
    this.entries.set(key, entry);
    // A failed signature is not cached.
    token.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return token;
  }

  private evictExpired(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
