import { useLocation, useNavigate } from '@aba/web-kit';
import { useCallback, useMemo } from 'react';
import { auditSearch, auditViewOf, type AuditView } from '../utils/audit-view.js';

/**
 * The audit page's page, kind and person, kept in the URL's query: a reload, a shared link and Back show the same
 * view. Each change is a step of the history (Back returns to the previous page or filter); `replace` corrects the
 * current one instead (a page past the last).
 */
export function useAuditView(): [AuditView, (next: AuditView, options?: { replace?: boolean }) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => auditViewOf(search), [search]);
  const show = useCallback(
    (next: AuditView, { replace = false } = {}) =>
      navigate({ search: auditSearch(next, search) }, { replace }),
    [navigate, search],
  );
  return [view, show];
}
