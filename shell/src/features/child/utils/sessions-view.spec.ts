import { SessionMessages, type TherapySession } from '@aba/contracts/api';
import {
  dateRangeProblem,
  defaultListRange,
  durationText,
  elapsedSeconds,
  endRecordId,
  msUntilNextMinute,
  runningLookupFrom,
  runningOnDevice,
  runningSessionOf,
  shiftDay,
  upsertSession,
} from './sessions-view.js';

const ANA = '00000000-0000-4000-8000-00000000000a';
const ION = '00000000-0000-4000-8000-00000000000b';

function session(id: string, overrides: Partial<TherapySession> = {}): TherapySession {
  return {
    id,
    child_id: '00000000-0000-4000-8000-0000000000c1',
    user_id: ANA,
    person: 'Ana Pop',
    role: 'THERAPIST',
    setting: null,
    implicit: false,
    started_at: '2026-11-25T10:00:00.000Z',
    last_activity_at: '2026-11-25T10:05:00.000Z',
    ended_at: null,
    duration_seconds: 300,
    trials: 0,
    behaviors: 0,
    ...overrides,
  };
}

describe('runningSessionOf', () => {
  const ended = session('1', { ended_at: '2026-11-25T09:00:00.000Z' });
  const othersRunning = session('2', { user_id: ION });
  const mine = session('3');

  it("is the signed-in user's session that has not ended", () => {
    expect(runningSessionOf([othersRunning, ended, mine], ANA)).toBe(mine);
  });

  it("is none when the user's sessions have ended (a lapsed one comes back ended) or only someone else's runs", () => {
    expect(runningSessionOf([ended, othersRunning], ANA)).toBeNull();
    expect(runningSessionOf([mine], ION)).toBeNull();
  });

  it('is none while the sessions or the user are not known', () => {
    expect(runningSessionOf(undefined, ANA)).toBeNull();
    expect(runningSessionOf([mine], null)).toBeNull();
  });

  it('is the newest when the list has two (the list is newest first)', () => {
    const newer = session('4', { started_at: '2026-11-25T11:00:00.000Z' });
    expect(runningSessionOf([newer, mine], ANA)).toBe(newer);
  });
});

describe('runningOnDevice', () => {
  const CHILD = '00000000-0000-4000-8000-0000000000c1';
  const onServer = session('3');
  const keptStart = (id: string, childId = CHILD) => ({
    id,
    kind: 'session-start' as const,
    childId,
    capturedAt: '2026-11-25T12:00:00.000Z',
  });
  const keptEnd = (sessionId: string) => ({
    id: endRecordId(sessionId),
    kind: 'session-end' as const,
    childId: CHILD,
    capturedAt: '2026-11-25T12:30:00.000Z',
  });

  it("is the server's running session, not kept, unless the phone keeps its end", () => {
    expect(runningOnDevice(onServer, [], CHILD)).toEqual({
      id: '3',
      started_at: onServer.started_at,
      kept: false,
    });
    expect(runningOnDevice(onServer, [keptEnd('3')], CHILD)).toBeNull();
  });

  it("is a start the phone keeps for this child (its capture time), until the phone keeps that session's end", () => {
    expect(runningOnDevice(null, [keptStart('k1')], CHILD)).toEqual({
      id: 'k1',
      started_at: '2026-11-25T12:00:00.000Z',
      kept: true,
    });
    expect(runningOnDevice(null, [keptStart('k1'), keptEnd('k1')], CHILD)).toBeNull();
    expect(runningOnDevice(null, [keptStart('k1', 'another child')], CHILD)).toBeNull();
    expect(runningOnDevice(null, [keptStart('k1'), keptEnd('k1'), keptStart('k2')], CHILD)?.id).toBe('k2');
  });
});

describe('the running duration', () => {
  const start = '2026-11-25T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds from the start, never below zero (a device clock behind the server)', () => {
    expect(elapsedSeconds(start, at('2026-11-25T10:12:30.900Z'))).toBe(750);
    expect(elapsedSeconds(start, at('2026-11-25T09:59:00.000Z'))).toBe(0);
  });

  it('ticks when the whole minutes change', () => {
    expect(msUntilNextMinute(start, at('2026-11-25T10:12:30.000Z'))).toBe(30_000);
    expect(msUntilNextMinute(start, at('2026-11-25T10:12:00.000Z'))).toBe(60_000);
    expect(msUntilNextMinute(start, at('2026-11-25T09:00:00.000Z'))).toBe(60_000);
  });

  it.each([
    [0, { key: 'sessions.duration.underMinute' }],
    [59, { key: 'sessions.duration.underMinute' }],
    [60, { key: 'sessions.duration.minutes', minutes: 1 }],
    [12 * 60 + 59, { key: 'sessions.duration.minutes', minutes: 12 }],
    [60 * 60, { key: 'sessions.duration.hours', hours: 1, minutes: 0 }],
    [2 * 3600 + 5 * 60 + 10, { key: 'sessions.duration.hours', hours: 2, minutes: 5 }],
    [-5, { key: 'sessions.duration.underMinute' }],
  ])('%i s reads as %j', (seconds, text) => expect(durationText(seconds)).toEqual(text));
});

describe('days', () => {
  it('moves across months, years and the days DST changes (calendar days, not 24 h of a zone)', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('the bar looks from yesterday: a session begun last evening may still run', () => {
    expect(runningLookupFrom('2026-11-25')).toBe('2026-11-24');
  });

  it('the list opens on the last 30 days, today included', () => {
    expect(defaultListRange('2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it("refuses a start after the end with the server's message; one open end or the same day is fine", () => {
    expect(dateRangeProblem('2026-11-26', '2026-11-25')).toBe(SessionMessages.dateRangeInvalid);
    expect(dateRangeProblem('2026-11-25', '2026-11-25')).toBeNull();
    expect(dateRangeProblem('', '2026-11-25')).toBeNull();
    expect(dateRangeProblem('2026-11-25', '')).toBeNull();
  });
});

describe('upsertSession', () => {
  const older = session('1', { ended_at: '2026-11-25T09:00:00.000Z' });
  const running = session('2');

  it('replaces the session with the same id where it is (an end)', () => {
    const ended = { ...running, ended_at: '2026-11-25T10:20:00.000Z' };
    expect(upsertSession([running, older], ended, true)).toEqual([ended, older]);
  });

  it('puts a new session first only where asked (a list up to a day is read again instead)', () => {
    expect(upsertSession([older], running, true)).toEqual([running, older]);
    expect(upsertSession([older], running, false)).toEqual([older]);
  });
});
