import { SignJWT, jwtVerify } from 'jose';
import { internalIdentitySchema, type InternalIdentity } from '@aba/contracts/api';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const REQUEST_ID_HEADER = 'x-request-id';

const ISSUER = 'aba-gateway';
const AUDIENCE = 'aba-services';
const LIFETIME_SECONDS = 60;

/**
 * Signs and verifies the short-lived token the gateway forwards to services.
 * It vouches for {userId, role}; services trust no other source of identity.
 */
export class InternalTokenCodec {
  private readonly key: Uint8Array;

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

  /** Returns the identity, or null when the token is missing, forged, expired or malformed. */
  async verify(token: string | undefined): Promise<InternalIdentity | null> {
    if (!token) return null;
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
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
