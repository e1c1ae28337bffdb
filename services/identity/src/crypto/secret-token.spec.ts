import { hashSecretToken, newSecretToken } from './secret-token.js';

describe('secret tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = newSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Set(Array.from({ length: 100 }, newSecretToken)).size).toBe(100);
  });

  it('are stored as a stable sha256 hex digest, never as themselves', () => {
    const token = newSecretToken();
    expect(hashSecretToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(token)).toBe(hashSecretToken(token));
    expect(hashSecretToken(token)).not.toContain(token);
    expect(hashSecretToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
