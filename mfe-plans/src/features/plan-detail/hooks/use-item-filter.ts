import { ITEM_STATUSES, type ItemStatus } from '@aba/contracts/api';
import { useLocation, useNavigate } from '@aba/web-kit';
import { useCallback, useEffect, useState } from 'react';

/** The query parameter of the plan page's item filter (as the detailed view's own `items_status`). */
export const FILTER_PARAM = 'items_status';
const DEFAULT_FILTER: ItemStatus = 'IN_LEARNING';

/** The filter a query string holds (`?items_status=IN_GENERALIZATION`); In learning when absent or unknown. */
export function filterOf(search: string): ItemStatus {
  const value = new URLSearchParams(search).get(FILTER_PARAM);
  return ITEM_STATUSES.find((status) => status === value) ?? DEFAULT_FILTER;
}

/** The query string with `filter` set, the other parameters kept. */
export function searchWith(search: string, filter: ItemStatus): string {
  const params = new URLSearchParams(search);
  params.set(FILTER_PARAM, filter);
  return `?${params.toString()}`;
}

/**
 * The plan page's item filter, kept in the URL (issue 13, point 12): it survives a reload and can be shared.
 * Changing it replaces the history entry (Back leaves the page, it does not step through filters).
 */
export function useItemFilter(): [ItemStatus, (filter: ItemStatus) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = filterOf(location.search);
  // Shown at once; the URL follows (a navigation may be a transition), and Back/Forward or a link set it again.
  const [filter, setShown] = useState(inUrl);
  useEffect(() => setShown(inUrl), [inUrl]);
  const setFilter = useCallback(
    (next: ItemStatus) => {
      setShown(next);
      navigate({ search: searchWith(location.search, next) }, { replace: true });
    },
    [navigate, location.search],
  );
  return [filter, setFilter];
}
