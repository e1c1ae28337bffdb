import { behaviorsTagsFor } from './live-behaviors.js';

describe('what the behaviours pages read again when the team records something (ADR 0040)', () => {
  it("reads a log's behaviour and the list's counts, and an ABC entry's log too", () => {
    expect(behaviorsTagsFor({ kind: 'behavior', behaviorId: 'b-1' }, 'c-1')).toEqual([
      { type: 'Behavior', id: 'b-1' },
      { type: 'Behavior', id: 'LIST-c-1' },
    ]);
    expect(behaviorsTagsFor({ kind: 'abc', behaviorId: 'b-1' }, 'c-1')).toEqual([
      { type: 'AbcLog', id: 'b-1' },
      { type: 'Behavior', id: 'b-1' },
      { type: 'Behavior', id: 'LIST-c-1' },
    ]);
  });

  it('reads everything again for a change it cannot place or after a break, and nothing for a trial', () => {
    expect(behaviorsTagsFor({ kind: 'reconnected' }, 'c-1')).toEqual(['Behavior', 'AbcLog']);
    expect(behaviorsTagsFor({ kind: 'abc' }, 'c-1')).toEqual(['Behavior', 'AbcLog']);
    expect(behaviorsTagsFor({ kind: 'evaluation', itemId: 'i-1' }, 'c-1')).toEqual([]);
  });
});
