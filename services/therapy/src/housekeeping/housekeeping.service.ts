import { Inject, Injectable } from '@nestjs/common';
import { PeriodicSweep } from '@aba/server-kit';
import { ChildrenService } from '../children/children.service.js';

const EVERY_MS = 10 * 60_000;

/**
 * Therapy's periodic work: erases the children deleted longer ago than they can be restored (ADR 0021). Idempotent
 * across replicas: each erase is one conditional delete, so two sweeps at once erase each child once.
 */
@Injectable()
export class Housekeeping extends PeriodicSweep {
  constructor(@Inject(ChildrenService) private readonly children: ChildrenService) {
    super(EVERY_MS);
  }

  protected async work(now: Date): Promise<void> {
    const erased = await this.children.eraseDeleted(now);
    if (erased > 0) this.logger.log({ erased }, 'Erased children deleted past their restore window');
  }
}
