import { jest } from '@jest/globals';
import { PeriodicSweep } from './periodic-sweep.js';

class RecordingSweep extends PeriodicSweep {
  readonly runs: Date[] = [];
  failNext = false;

  constructor() {
    super(60_000);
  }

  protected async work(now: Date): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    this.runs.push(now);
  }
}

describe('PeriodicSweep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs its work at every tick while the service runs, and no more after shutdown', async () => {
    const sweep = new RecordingSweep();
    sweep.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(sweep.runs).toHaveLength(2);
    sweep.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(sweep.runs).toHaveLength(2);
  });

  it('logs a failed run instead of throwing, and the next run goes ahead', async () => {
    const sweep = new RecordingSweep();
    const warn = jest.spyOn(sweep['logger'], 'warn').mockImplementation(() => undefined);
    sweep.failNext = true;
    await expect(sweep.sweep(new Date('2026-11-25T10:00:00Z'))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'Housekeeping sweep failed; will retry');
    await sweep.sweep(new Date('2026-11-25T10:10:00Z'));
    expect(sweep.runs).toEqual([new Date('2026-11-25T10:10:00Z')]);
  });
});
