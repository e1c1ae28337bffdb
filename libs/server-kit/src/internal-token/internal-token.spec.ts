import { jest } from '@jest/globals';
import { InternalTokenCodec } from './internal-token.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const identity = { userId: '0b8f8a4e-3c1a-4a54-9d43-7f1f0f0c2b11', role: 'PARENT' as const };

describe('InternalTokenCodec', () => {
  it('verifies what it signed', async () => {
    const codec = new InternalTokenCodec(secret);
    expect(await codec.verify(await codec.sign(identity))).toEqual(identity);
  });

  it('carries an anonymous caller as null ids', async () => {
    const codec = new InternalTokenCodec(secret);
    expect(await codec.verify(await codec.sign({ userId: null, role: null }))).toEqual({
      userId: null,
      role: null,
    });
  });

  it('refuses a token signed with another secret, a tampered token and no token', async () => {
    const codec = new InternalTokenCodec(secret);
    const forged = await new InternalTokenCodec('another-secret-of-thirty-two-characters!').sign(identity);
    expect(await codec.verify(forged)).toBeNull();
    const token = await codec.sign(identity);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: identity.userId, role: 'ADMIN' })).toString(
      'base64url',
    );
    expect(await codec.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await codec.verify(undefined)).toBeNull();
    expect(await codec.verify('garbage')).toBeNull();
  });

  it('refuses a token once it has expired, even one it verified before', async () => {
    jest.useFakeTimers({
      now: new Date('2026-11-22T10:00:00Z'),
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
    });
    try {
      const signer = new InternalTokenCodec(secret);
      const verifier = new InternalTokenCodec(secret);
      const token = await signer.sign(identity);
      expect(await verifier.verify(token)).toEqual(identity);
      jest.setSystemTime(new Date('2026-11-22T10:00:59Z'));
      expect(await verifier.verify(token)).toEqual(identity);
      jest.setSystemTime(new Date('2026-11-22T10:01:01Z'));
      expect(await verifier.verify(token)).toBeNull();
      expect(await new InternalTokenCodec(secret).verify(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
