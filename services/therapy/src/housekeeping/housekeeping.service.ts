import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { PeriodicSweep } from '@aba/server-kit';
import { ChildrenService } from '../children/children.service.js';
import { endIdleSessions } from '../sessions/sessions.queries.js';

const EVERY_MS = 10 * 60_000;

/**
 * Therapy's periodic work: erases the children deleted longer ago than they can be restored (ADR 0021), and writes
 * the end of every session idle for 30 minutes (reads already see it). Idempotent across replicas: each erase and
 * each end is one conditional statement, so two sweeps at once do each once.
 */
@Injectable()
export class Housekeeping extends PeriodicSweep {
  constructor(
    @Inject(ChildrenService) private readonly children: ChildrenService,
    @Inject(MikroORM) private readonly orm: MikroORM,
  ) {
    super(EVERY_MS);
  }

  protected async work(now: Date): Promise<void> {
    const erased = await this.children.eraseDeleted(now);
    if (erased > 0) this.logger.log({ erased }, 'Erased children deleted past their restore window');
    const ended = await endIdleSessions(this.orm.em.fork());
    if (ended > 0) this.logger.log({ ended }, 'Ended idle sessions');
  }
}
