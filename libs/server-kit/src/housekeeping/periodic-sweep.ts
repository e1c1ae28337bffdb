import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A service's housekeeping: `work` runs every `everyMs` while the service runs (the timer never keeps the process
 * alive); a failed run is logged and tried again at the next tick. The work must be idempotent across replicas.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;

  protected constructor(private readonly everyMs: number) {}

  protected abstract work(now: Date): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now: Date = new Date()): Promise<void> {
    try {
      await this.work(now);
    } catch (error) {
      this.logger.warn({ err: error }, 'Housekeeping sweep failed; will retry');
    }
  }
}
