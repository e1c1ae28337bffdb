import { DEFAULT_PAGE_SIZE, INITIAL_PAGER, PAGE_SIZES, pagerControls, pagerReducer } from './users-pager.js';

describe('users pager (spec §9)', () => {
  it('starts on page 1 with 10 per page; sizes are 10, 25, 50, 100', () => {
    expect(INITIAL_PAGER).toEqual({ page: 1, size: 10 });
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
  });

  it('changing the page size goes back to page 1', () => {
    const onPage3 = { page: 3, size: 10 } as const;
    expect(pagerReducer(onPage3, { type: 'setSize', size: 25 })).toEqual({ page: 1, size: 25 });
    expect(pagerReducer(onPage3, { type: 'setSize', size: 10 })).toEqual({ page: 1, size: 10 });
  });

  it('ignores sizes the server does not accept', () => {
    expect(pagerReducer(INITIAL_PAGER, { type: 'setSize', size: 20 })).toBe(INITIAL_PAGER);
  });

  it('moves to the next and previous page, never below 1', () => {
    const two = pagerReducer(INITIAL_PAGER, { type: 'next' });
    expect(two).toEqual({ page: 2, size: 10 });
    expect(pagerReducer(two, { type: 'previous' })).toEqual({ page: 1, size: 10 });
    expect(pagerReducer(INITIAL_PAGER, { type: 'previous' })).toBe(INITIAL_PAGER);
  });

  it('clamps to the last page when the list shrank', () => {
    expect(pagerReducer({ page: 5, size: 10 }, { type: 'clamp', lastPage: 2 })).toEqual({ page: 2, size: 10 });
    expect(pagerReducer({ page: 1, size: 10 }, { type: 'clamp', lastPage: 0 })).toEqual({ page: 1, size: 10 });
  });

  it('Previous is disabled on page 1; Next on the last page (from total)', () => {
    expect(pagerControls({ page: 1, size: 10 }, 35)).toEqual({ lastPage: 4, canPrevious: false, canNext: true, from: 1, to: 10 });
    expect(pagerControls({ page: 4, size: 10 }, 35)).toEqual({ lastPage: 4, canPrevious: true, canNext: false, from: 31, to: 35 });
    expect(pagerControls({ page: 2, size: 25 }, 50)).toMatchObject({ lastPage: 2, canNext: false });
    expect(pagerControls({ page: 1, size: 10 }, 10)).toMatchObject({ lastPage: 1, canPrevious: false, canNext: false });
  });

  it('an empty list has one page and nothing to move to', () => {
    expect(pagerControls(INITIAL_PAGER, 0)).toEqual({ lastPage: 1, canPrevious: false, canNext: false, from: 0, to: 0 });
  });

  it('while the total is unknown Next stays disabled', () => {
    expect(pagerControls({ page: 2, size: 10 }, undefined)).toMatchObject({ canPrevious: true, canNext: false });
  });
});
