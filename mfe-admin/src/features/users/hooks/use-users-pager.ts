import { useMemo, useReducer } from 'react';
import { INITIAL_PAGER, pagerReducer } from './users-pager.js';

/** The users table's page and page size (see {@link pagerReducer}); the actions keep their identity. */
export function useUsersPager() {
  const [state, dispatch] = useReducer(pagerReducer, INITIAL_PAGER);
  const actions = useMemo(
    () => ({
      next: () => dispatch({ type: 'next' }),
      previous: () => dispatch({ type: 'previous' }),
      setSize: (size: number) => dispatch({ type: 'setSize', size }),
      clamp: (lastPage: number) => dispatch({ type: 'clamp', lastPage }),
    }),
    [],
  );
  return { ...state, ...actions };
}
