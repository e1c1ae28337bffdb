import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { InternalIdentity } from '@aba/contracts/api';

export const ANONYMOUS: InternalIdentity = Object.freeze({ userId: null, role: null });

/**
 * The seam between a browser's session and the identity the gateway vouches for.
 * The proxy asks it who is calling and forwards a signed internal token for exactly that identity.
 *
 * Abstract class rather than interface so that it is also the Nest injection token:
 * `{ provide: SessionResolver, useClass: … }`.
 */
export abstract class SessionResolver {
  /** Who is calling: the user behind the request's session cookie, or ANONYMOUS. Never throws for a bad cookie. */
  abstract resolve(request: IncomingMessage): Promise<InternalIdentity>;
}

/**
 * For now every caller is anonymous. The identity service's sessions replace this with a resolver that sends the
 * session cookie to identity and caches the answer for a few seconds (purged on logout).
 */
@Injectable()
export class AnonymousSessionResolver extends SessionResolver {
  resolve(): Promise<InternalIdentity> {
    return Promise.resolve(ANONYMOUS);
  }
}
