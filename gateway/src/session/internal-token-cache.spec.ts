import type { InternalIdentity } from '@aba/contracts/api';
import { InternalTokenCache, type TokenSigner } from './internal-token-cache.js';
import { ANONYMOUS } from './session-resolver.js';

const USER: InternalIdentity = { userId: '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', role: 'PARENT' };

function fakeSigner() {
  let count = 0;
  const signer: TokenSigner & { calls: () => number; fail: boolean } = {
    fail: false,
    calls: () => count,
    sign(identity) {
      count += 1;
      return signer.fail
        ? Promise.reject(new Error('boom'))
        : Promise.resolve(`${identity.userId}:${identity.role}:${count}`);
    },
  };
  return signer;
}

describe('internal token cache', () => {
  it('signs once per identity within the ttl', async () => {
    let now = 1_000;
    const signer = fakeSigner();
    const cache = new InternalTokenCache(signer, 10_000, 100, () => now);
    const first = await cache.tokenFor(ANONYMOUS);
    now += 9_999;
    expect(await cache.tokenFor({ userId: null, role: null })).toBe(first);
    expect(signer.calls()).toBe(1);

    const user = await cache.tokenFor(USER);
    expect(user).not.toBe(first);
    expect(await cache.tokenFor({ ...USER, role: 'ADMIN' })).not.toBe(user);
    expect(signer.calls()).toBe(3);
  });

  it('signs again once the ttl has passed', async () => {
    let now = 0;
    const signer = fakeSigner();
    const cache = new InternalTokenCache(signer, 10_000, 100, () => now);
    const first = await cache.tokenFor(USER);
    now = 10_000;
    expect(await cache.tokenFor(USER)).not.toBe(first);
    expect(signer.calls()).toBe(2);
  });

  it('shares one signature between concurrent callers', async () => {
    const signer = fakeSigner();
    const cache = new InternalTokenCache(signer);
    const tokens = await Promise.all([cache.tokenFor(USER), cache.tokenFor(USER), cache.tokenFor(USER)]);
    expect(new Set(tokens).size).toBe(1);
    expect(signer.calls()).toBe(1);
  });

  it('does not keep a failed signature', async () => {
    const signer = fakeSigner();
    const cache = new InternalTokenCache(signer);
    signer.fail = true;
    await expect(cache.tokenFor(USER)).rejects.toThrow('boom');
    signer.fail = false;
    await expect(cache.tokenFor(USER)).resolves.toContain(USER.userId);
  });

  it('stays bounded', async () => {
    const now = 0;
    const signer = fakeSigner();
    const cache = new InternalTokenCache(signer, 10_000, 3, () => now);
    for (let i = 0; i < 10; i += 1) {
      await cache.tokenFor({
        userId: `3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a${String(i).padStart(2, '0')}`,
        role: 'PARENT',
      });
    }
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(3);
  });
});
