import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';

/**
 * Work that must not delay or change an answer (e-mails, a reset token for an existing account).
 * Failures are logged; shutdown waits for what is under way.
 */
@Injectable()
export class Background implements BeforeApplicationShutdown {
  private readonly logger = new Logger(Background.name);
  private readonly pending = new Set<Promise<void>>();

  run(label: string, work: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) =>
        this.logger.error({ err: error, task: label }, `Background task failed: ${label}`),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when everything started so far has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
