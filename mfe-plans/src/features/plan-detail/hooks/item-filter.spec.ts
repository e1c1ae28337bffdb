import { filterOf, searchWith } from './use-item-filter.js';

describe("the plan page's item filter in the URL", () => {
  it('reads the status from the query, In learning when absent or unknown', () => {
    expect(filterOf('?items_status=IN_GENERALIZATION')).toBe('IN_GENERALIZATION');
    expect(filterOf('?items_status=FINISHED&x=1')).toBe('FINISHED');
    expect(filterOf('')).toBe('IN_LEARNING');
    expect(filterOf('?items_status=finished')).toBe('IN_LEARNING');
  });

  it('writes it, keeping the other parameters', () => {
    expect(searchWith('', 'FINISHED')).toBe('?items_status=FINISHED');
    expect(searchWith('?a=1&items_status=IN_LEARNING', 'IN_GENERALIZATION')).toBe(
      '?a=1&items_status=IN_GENERALIZATION',
    );
  });
});
