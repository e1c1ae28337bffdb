import { USER_PAGE_SIZES } from '@aba/contracts/api';

/** Spec §9: 10, 25, 50 or 100 users per page; 10 by default. */
export type UserPageSize = (typeof USER_PAGE_SIZES)[number];
export const PAGE_SIZES: readonly UserPageSize[] = USER_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE: UserPageSize = 10;

export interface PagerState {
  page: number;
  size: UserPageSize;
}

export const INITIAL_PAGER: PagerState = { page: 1, size: DEFAULT_PAGE_SIZE };

export type PagerAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'setSize'; size: number }
  | { type: 'clamp'; lastPage: number };

export function isPageSize(value: unknown): value is UserPageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/** Page and page size of the users table; changing the size goes back to page 1 (spec §9). */
export function pagerReducer(state: PagerState, action: PagerAction): PagerState {
  switch (action.type) {
    case 'next':
      return { ...state, page: state.page + 1 };
    case 'previous':
      return state.page > 1 ? { ...state, page: state.page - 1 } : state;
    case 'setSize':
      if (!isPageSize(action.size)) return state;
      return action.size === state.size && state.page === 1 ? state : { page: 1, size: action.size };
    case 'clamp': {
      const last = Math.max(1, Math.floor(action.lastPage));
      return state.page > last ? { ...state, page: last } : state;
    }
  }
}

/** The last page for `total` users at `size` per page (1 when there are none). */
export function lastPageOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

export interface PagerControls {
  lastPage: number;
  canPrevious: boolean;
  /** False while the total is unknown (first load) and on the last page. */
  canNext: boolean;
  /** 1-based positions of the first and last user shown (0, 0 when the page is empty). */
  from: number;
  to: number;
}

export function pagerControls(state: PagerState, total: number | undefined): PagerControls {
  const known = typeof total === 'number' && Number.isFinite(total);
  const lastPage = known ? lastPageOf(total, state.size) : state.page;
  const from = known && total > 0 ? (state.page - 1) * state.size + 1 : 0;
  const to = known ? Math.min(total, state.page * state.size) : 0;
  return {
    lastPage,
    canPrevious: state.page > 1,
    canNext: known && state.page < lastPage,
    from: from > to ? 0 : from,
    to: from > to ? 0 : to,
  };
}
