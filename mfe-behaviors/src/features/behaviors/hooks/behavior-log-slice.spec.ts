import {
  anySending,
  behaviorLogSlice,
  dismissed,
  failed,
  failedLogs,
  initialBehaviorLogState,
  retried,
  sendingCount,
  started,
  succeeded,
  type BehaviorLogState,
} from './behavior-log-slice.js';

const reduce = behaviorLogSlice.reducer;
const tap = (key: string, behaviorId = 'b1', childId = 'c1') =>
  started({ key, childId, behaviorId, behaviorName: 'Hitting', at: '2026-11-25T10:00:00.000Z' });
const error = { status: 500, data: { error: 'Internal error', id: 'x' } };

function run(...actions: Parameters<typeof reduce>[1][]): BehaviorLogState {
  return actions.reduce((state, action) => reduce(state, action), initialBehaviorLogState);
}

describe('optimistic behaviour logs', () => {
  it('a tap is sending until the server confirms it, then it is gone', () => {
    const sending = run(tap('k1'));
    expect(sending.logs).toEqual([
      {
        key: 'k1',
        childId: 'c1',
        behaviorId: 'b1',
        behaviorName: 'Hitting',
        at: '2026-11-25T10:00:00.000Z',
        status: 'sending',
        attempts: 1,
      },
    ]);
    expect(sendingCount(sending, 'b1')).toBe(1);
    expect(anySending(sending)).toBe(true);
    const done = reduce(sending, succeeded('k1'));
    expect(done.logs).toEqual([]);
    expect(anySending(done)).toBe(false);
  });

  it('counts each tap on its own (three quick taps are three logs)', () => {
    const state = run(tap('k1'), tap('k2'), tap('k3'), succeeded('k2'));
    expect(sendingCount(state, 'b1')).toBe(2);
    expect(sendingCount(state, 'other')).toBe(0);
    // the same key twice is one tap
    expect(reduce(state, tap('k1')).logs).toHaveLength(2);
  });

  it('a failure is kept with its error, never dropped silently', () => {
    const state = run(tap('k1'), tap('k2', 'b2'), failed({ key: 'k1', error }));
    expect(failedLogs(state, 'c1')).toEqual([expect.objectContaining({ key: 'k1', status: 'failed', error })]);
    expect(failedLogs(state, 'other child')).toEqual([]);
    expect(sendingCount(state, 'b1')).toBe(0);
    expect(sendingCount(state, 'b2')).toBe(1);
  });

  it('retry sends a failed log again (one more attempt, error cleared); it may fail again', () => {
    const failedOnce = run(tap('k1'), failed({ key: 'k1', error }));
    const retrying = reduce(failedOnce, retried('k1'));
    expect(retrying.logs[0]).toEqual(expect.objectContaining({ status: 'sending', attempts: 2 }));
    expect(retrying.logs[0]).not.toHaveProperty('error');
    // a second Retry while it is on its way changes nothing
    expect(reduce(retrying, retried('k1'))).toEqual(retrying);
    const failedTwice = reduce(retrying, failed({ key: 'k1', error }));
    expect(failedLogs(failedTwice, 'c1')[0]).toEqual(expect.objectContaining({ attempts: 2, status: 'failed' }));
    expect(reduce(reduce(failedTwice, retried('k1')), succeeded('k1')).logs).toEqual([]);
  });

  it('only a failed log can be dismissed', () => {
    const sending = run(tap('k1'));
    expect(reduce(sending, dismissed('k1'))).toEqual(sending);
    const gone = reduce(reduce(sending, failed({ key: 'k1', error })), dismissed('k1'));
    expect(gone.logs).toEqual([]);
  });

  it('ignores answers for logs it does not know', () => {
    const state = run(tap('k1'));
    expect(reduce(state, failed({ key: 'nope', error }))).toEqual(state);
    expect(reduce(state, succeeded('nope'))).toEqual(state);
    expect(reduce(state, retried('nope'))).toEqual(state);
  });
});
