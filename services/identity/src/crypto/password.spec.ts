import { hashPassword, parsePasswordHash, verifyPassword } from './password.js';

describe('password hashing (argon2id)', () => {
  it('produces a PHC string with the agreed parameters and a random salt', async () => {
    const first = await hashPassword('correct horse 42');
    const second = await hashPassword('correct horse 42');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse 42');
    await expect(verifyPassword('correct horse 42', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse 43', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const stored = await hashPassword('parolă-țară-1');
    await expect(verifyPassword('parolă-țară-1', stored)).resolves.toBe(true);
    await expect(verifyPassword('parola-tara-1', stored)).resolves.toBe(false);
  });

  it('refuses unreadable or out-of-bounds stored hashes instead of throwing', async () => {
    await expect(verifyPassword('x', 'not a hash')).resolves.toBe(false);
    await expect(
      verifyPassword('x', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA'),
    ).resolves.toBe(false);
    expect(
      parsePasswordHash('$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA'),
    ).toBeNull();
    expect(
      parsePasswordHash('$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA'),
    ).toBeNull();
  });
});
