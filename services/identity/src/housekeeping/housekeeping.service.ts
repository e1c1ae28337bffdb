import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { PeriodicSweep } from '@aba/server-kit';
import { deleteExportsUpTo } from '../account-export/account-export.queries.js';
import { EXPORT_WINDOW_MS } from '../account-export/account-export.errors.js';
import { OneTimeToken } from '../one-time-tokens/one-time-token.entity.js';
import { LoginThrottle } from '../sessions/login-throttle.js';
import { Session } from '../sessions/session.entity.js';

const EVERY_MS = 10 * 60_000;
/** Used or expired links are kept a while for support questions, then removed. */
const TOKEN_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Removes expired sessions, login failures and account exports too old to count and long-dead links. Idempotent across
 * replicas.
 */
@Injectable()
export class Housekeeping extends PeriodicSweep {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
  ) {
    super(EVERY_MS);
  }

  protected async work(now: Date): Promise<void> {
    const em = this.orm.em.fork();
    await em.nativeDelete(Session, { expiresAt: { $lte: now } });
    await this.throttle.purge(em, now);
    await em.nativeDelete(OneTimeToken, {
      expiresAt: { $lte: new Date(now.getTime() - TOKEN_RETENTION_MS) },
    });
    await deleteExportsUpTo(em, new Date(now.getTime() - EXPORT_WINDOW_MS));
  }
}
