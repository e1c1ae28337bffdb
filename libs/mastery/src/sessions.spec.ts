import { idleEnd, SESSION_END_PAD_MS, SESSION_IDLE_MS, sessionLapsed } from './sessions.js';

describe('sessions end themselves', () => {
  const last = new Date('2026-03-10T10:00:00Z');

  it('after 30 minutes without activity', () => {
    expect(SESSION_IDLE_MS).toBe(1_800_000);
    expect(sessionLapsed(last, new Date('2026-03-10T10:29:59.999Z'))).toBe(false);
    expect(sessionLapsed(last, new Date('2026-03-10T10:30:00Z'))).toBe(true);
    expect(sessionLapsed(last, new Date('2026-03-10T12:00:00Z'))).toBe(true);
    expect(sessionLapsed(last, last)).toBe(false);
  });

  it('at the last activity + 1 minute', () => {
    expect(SESSION_END_PAD_MS).toBe(60_000);
    expect(idleEnd(last).toISOString()).toBe('2026-03-10T10:01:00.000Z');
    expect(idleEnd(last)).not.toBe(last);
  });
});
