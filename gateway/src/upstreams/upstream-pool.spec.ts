import { neverReached, REFUSED_REPLICA_BACKOFF_MS, UpstreamPool } from './upstream-pool.js';

const A = 'http://127.0.0.1:3002';
const B = 'http://127.0.0.1:3012';
const C = 'http://127.0.0.1:3022';

/** A pool on a clock the test moves. */
function poolAt(urls: string[]) {
  let now = 1_000_000;
  const pool = new UpstreamPool(urls, REFUSED_REPLICA_BACKOFF_MS, () => now);
  return { pool, advance: (ms: number) => (now += ms) };
}

const firsts = (pool: UpstreamPool, requests: number) =>
  Array.from({ length: requests }, () => pool.attemptOrder()[0]);

describe('UpstreamPool', () => {
  it('always hands out the one URL of a single-URL pool', () => {
    const { pool } = poolAt([A]);
    expect(firsts(pool, 3)).toEqual([A, A, A]);
    expect(pool.attemptOrder()).toEqual([A]);
  });

  it('starts each request at the next replica in turn, the others following in order', () => {
    const { pool } = poolAt([A, B, C]);
    expect(pool.attemptOrder()).toEqual([A, B, C]);
    expect(pool.attemptOrder()).toEqual([B, C, A]);
    expect(pool.attemptOrder()).toEqual([C, A, B]);
    expect(pool.attemptOrder()).toEqual([A, B, C]);
  });

  it('puts a replica that refused last while its back-off lasts, then back in turn', () => {
    const { pool, advance } = poolAt([A, B, C]);
    pool.markRefused(B);
    expect(pool.attemptOrder()).toEqual([A, C, B]);
    expect(pool.attemptOrder()).toEqual([C, A, B]);
    expect(pool.attemptOrder()).toEqual([C, A, B]);
    advance(REFUSED_REPLICA_BACKOFF_MS);
    expect(pool.attemptOrder()).toEqual([A, B, C]);
    expect(pool.attemptOrder()).toEqual([B, C, A]);
  });

  it('still offers every replica when all refused lately, in turn', () => {
    const { pool } = poolAt([A, B]);
    pool.markRefused(A);
    pool.markRefused(B);
    expect(pool.attemptOrder()).toEqual([A, B]);
    expect(pool.attemptOrder()).toEqual([B, A]);
  });

  it('refuses an empty list', () => {
    expect(() => new UpstreamPool([])).toThrow(/at least one URL/);
  });
});

describe('neverReached', () => {
  const socketError = (code: string, syscall: string) =>
    Object.assign(new Error(`${syscall} ${code}`), { code, syscall });

  it.each([
    ['a refused connection', socketError('ECONNREFUSED', 'connect')],
    ['an unreachable host', socketError('EHOSTUNREACH', 'connect')],
    ['a name that does not resolve', socketError('ENOTFOUND', 'getaddrinfo')],
    [
      'fetch’s wrapped refusal',
      new TypeError('fetch failed', { cause: socketError('ECONNREFUSED', 'connect') }),
    ],
  ])('is true for %s', (_, error) => {
    expect(neverReached(error)).toBe(true);
  });

  it.each([
    ['a reset connection', socketError('ECONNRESET', 'read')],
    ['a broken pipe', socketError('EPIPE', 'write')],
    ['a time-out', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
    ['fetch’s wrapped reset', new TypeError('fetch failed', { cause: socketError('ECONNRESET', 'read') })],
  ])('is false for %s (the request may have reached the replica)', (_, error) => {
    expect(neverReached(error)).toBe(false);
  });
});
