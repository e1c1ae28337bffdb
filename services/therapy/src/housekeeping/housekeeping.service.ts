import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ChildrenService } from '../children/children.service.js';

const EVERY_MS = 10 * 60_000;

/**
 * Therapy's periodic work: erases the children deleted longer ago than they can be restored (ADR 0021). Idempotent
 * across replicas: each erase is one conditional delete, so two sweeps at once erase each child once.
 */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Housekeeping.name);
  private timer?: NodeJS.Timeout;

  constructor(@Inject(ChildrenService) private readonly children: ChildrenService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now: Date = new Date()): Promise<void> {
    try {
      const erased = await this.children.eraseDeleted(now);
      if (erased > 0) this.logger.log({ erased }, 'Erased children deleted past their restore window');
    } catch (error) {
      this.logger.warn({ err: error }, 'Housekeeping sweep failed; will retry');
    }
  }
}
