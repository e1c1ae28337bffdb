import { liveHintOf } from './live-hint.js';

describe('the live hint of a write on a child (ADR 0040)', () => {
  it('names the item of a trial, whichever path scored it, and says "a trial" when the path names none', () => {
    expect(
      liveHintOf({
        routePath: '/api/child/:id/plan/:planId/item/:itemId/evaluation/create',
        params: { id: 'c-1', planId: 'p-1', itemId: 'i-1' },
        body: { result: 'YES' },
      }),
    ).toEqual({ kind: 'evaluation', itemId: 'i-1' });
    expect(
      liveHintOf({ routePath: '/api/sub-plan-item/:id/evaluation/create', params: { id: 'i-2' }, body: {} }),
    ).toEqual({ kind: 'evaluation', itemId: 'i-2' });
    expect(
      liveHintOf({ routePath: '/api/item-evaluation/:id/delete', params: { id: 'e-1' }, body: {} }),
    ).toEqual({
      kind: 'evaluation',
    });
  });

  it('names the behaviour of a log, of a change and of an ABC entry (from its body)', () => {
    expect(liveHintOf({ routePath: '/api/behavior/:id/log', params: { id: 'b-1' }, body: {} })).toEqual({
      kind: 'behavior',
      behaviorId: 'b-1',
    });
    expect(
      liveHintOf({
        routePath: '/api/child/:id/behavior/:behaviorId/delete',
        params: { id: 'c-1', behaviorId: 'b-2' },
        body: {},
      }),
    ).toEqual({ kind: 'behavior', behaviorId: 'b-2' });
    expect(
      liveHintOf({ routePath: '/api/child/:id/behavior/create', params: { id: 'c-1' }, body: { name: 'X' } }),
    ).toEqual({
      kind: 'behavior',
    });
    expect(
      liveHintOf({
        routePath: '/api/child/:childId/behavior-abc/log',
        params: { childId: 'c-1' },
        body: { behavior_id: 'b-3', antecedent: 'a', consequence: 'c' },
      }),
    ).toEqual({ kind: 'abc', behaviorId: 'b-3' });
  });

  it('says "a session" for a start or an end, and "something of the child" for anything else', () => {
    expect(liveHintOf({ routePath: '/api/child/:id/session/:sessionId/end', params: {}, body: {} })).toEqual({
      kind: 'session',
    });
    expect(liveHintOf({ routePath: '/api/child/:id/plan/create', params: {}, body: {} })).toEqual({
      kind: 'child',
    });
    expect(liveHintOf({ routePath: '/api/plan/:id/set-status', params: {}, body: {} })).toEqual({
      kind: 'child',
    });
  });
});
