import { SignJWT, jwtVerify } from 'jose';
import { internalIdentitySchema, type InternalIdentity } from '@aba/contracts/api';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const REQUEST_ID_HEADER = 'x-request-id';

const ISSUER = 'aba-gateway';
const AUDIENCE = 'aba-services';
const LIFETIME_SECONDS = 60;
/** Bound on the verified-token cache; dropped whole when full (the gateway reuses a token per identity for 10 s). */
const VERIFIED_LIMIT = 10_000;

/**
 * Signs and verifies the short-lived token the gateway forwards to services.
 * It vouches for {userId, role}; services trust no other source of identity.
 */
export class InternalTokenCodec {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { identity: InternalIdentity; expiresAt: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(identity: InternalIdentity): Promise<string> {
    return new SignJWT({ role: identity.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(identity.userId ?? 'anonymous')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS}s`)
      .sign(this.key);
  }

  /**
   * Returns the identity, or null when the token is missing, forged, expired or malformed. A verified token is
   * remembered until it expires: the gateway reuses one per identity, so most requests cost a lookup, not an HMAC.
   */
  async verify(token: string | undefined): Promise<InternalIdentity | null> {
    if (!token) return null;
    const cached = this.verified.get(token);
    if (cached) {
      if (Date.now() < cached.expiresAt) return cached.identity;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const parsed = internalIdentitySchema.safeParse({
        userId: payload.sub === 'anonymous' ? null : payload.sub,
        role: payload.role ?? null,
      });
      if (!parsed.success || !payload.exp) return null;
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.clear();
      // Remembered by its exact text: only a token that passed the signature check is ever found here.
      this.verified.set(token, { identity: parsed.data, expiresAt: payload.exp * 1000 });
      return parsed.data;
    } catch {
      return null;
    }
  }
}
