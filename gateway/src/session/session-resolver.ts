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
  /**
   * Who is calling: the user behind the request's session cookie, or ANONYMOUS. Never throws for a bad cookie;
   * rejects with SessionUnavailable when the answer cannot be known (identity down).
   */
  abstract resolve(request: IncomingMessage): Promise<InternalIdentity>;

  /** Drops what is remembered about the request's session (on logout and password reset). */
  forget(_request: IncomingMessage): void {}
}

/** The session store could not be asked; the gateway answers 502 rather than guess. */
export class SessionUnavailable extends Error {
  constructor() {
    super('Session store unavailable');
  }
}

/** Every caller is anonymous (tests of the proxy alone). */
@Injectable()
export class AnonymousSessionResolver extends SessionResolver {
  resolve(): Promise<InternalIdentity> {
    return Promise.resolve(ANONYMOUS);
  }
}
