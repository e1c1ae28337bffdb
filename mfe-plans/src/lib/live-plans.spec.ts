import { plansTagsFor } from './live-plans.js';

describe('what the plans pages read again when the team records something (ADR 0040)', () => {
  it("reads a trial's item again everywhere it shows, with the child's chart, sessions and suggestions", () => {
    const tags = plansTagsFor({ kind: 'evaluation', itemId: 'i-1' }, 'c-1');
    expect(tags).toEqual(
      expect.arrayContaining([
        { type: 'ItemHistory', id: 'i-1' },
        { type: 'ItemProgress', id: 'i-1' },
        { type: 'ChildEvaluations', id: 'c-1' },
        { type: 'ChildSession', id: 'c-1' },
        { type: 'MasterySuggestion', id: 'c-1' },
        { type: 'PlanDetail', id: 'ANY' },
      ]),
    );
    expect(tags).not.toContain('Plan');
  });

  it('reads everything again for a change it cannot place or after a break, and nothing for a behaviour', () => {
    expect(plansTagsFor({ kind: 'evaluation' }, 'c-1')).toContain('PlanDetail');
    expect(plansTagsFor({ kind: 'child' }, 'c-1')).toContain('Plan');
    expect(plansTagsFor({ kind: 'reconnected' }, 'c-1')).toContain('MasteryCriterion');
    expect(plansTagsFor({ kind: 'behavior', behaviorId: 'b-1' }, 'c-1')).toEqual([]);
  });
});
