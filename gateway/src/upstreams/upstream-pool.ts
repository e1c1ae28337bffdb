import type { ServiceName } from '@aba/contracts/routes';

/** How long a replica that refused a connection is tried only after the others. */
export const REFUSED_REPLICA_BACKOFF_MS = 2_000;

/**
 * The base URLs of one service's replicas, handed out round-robin: each request starts at the next one and moves on
 * to the following ones only when a replica refuses the connection. A replica that refused is put last for a short
 * while, never left out: when every replica has refused lately, each is still tried.
 */
export class UpstreamPool {
  private next = 0;
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly backoffMs = REFUSED_REPLICA_BACKOFF_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('An upstream pool needs at least one URL');
  }

  /** The URLs one request tries, in order: the next in turn first, those that refused lately last. */
  attemptOrder(): string[] {
    const start = this.next;
    this.next = (start + 1) % this.urls.length;
    const turn = [...this.urls.slice(start), ...this.urls.slice(0, start)];
    const now = this.now();
    const refusedLately = (url: string) => (this.refusedUntil.get(url) ?? 0) > now;
    return [...turn.filter((url) => !refusedLately(url)), ...turn.filter(refusedLately)];
  }

  /** `url` refused a connection: the next requests try it after the others, for a while. */
  markRefused(url: string): void {
    this.refusedUntil.set(url, this.now() + this.backoffMs);
  }
}

export type UpstreamPools = Readonly<Record<ServiceName, UpstreamPool>>;

/** One pool per service, shared by the proxy and the session resolver (a refusal seen by one is heeded by both). */
export function upstreamPools(upstreams: Readonly<Record<ServiceName, readonly string[]>>): UpstreamPools {
  return {
    identity: new UpstreamPool(upstreams.identity),
    therapy: new UpstreamPool(upstreams.therapy),
    billing: new UpstreamPool(upstreams.billing),
  };
}

/**
 * Whether a failed call never reached the upstream: the connection was refused or could not be made (a name that
 * does not resolve), so nothing of the request was sent and another replica can take it without running it twice.
 * `fetch` wraps the socket's error in its `cause`.
 */
export function neverReached(error: unknown): boolean {
  const failure = ((error as { cause?: unknown } | undefined)?.cause ?? error) as
    NodeJS.ErrnoException | undefined;
  return (
    failure?.syscall === 'connect' || failure?.syscall === 'getaddrinfo' || failure?.code === 'ECONNREFUSED'
  );
}
