import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in session ids and e-mailed tokens (256 bits). */
const TOKEN_BYTES = 32;

/** A new opaque secret for a cookie or a link: 32 random bytes, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What is stored instead of a secret: its sha256, hex. A stolen table yields no usable cookie or link. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
