import { API_ROUTES, isChildScoped } from '@aba/contracts/routes';

/** Paths under /api/child/ that name no child (`create`, `list`, billing's licence calls). */
const NOT_CHILD_PATHS = new Set(
  API_ROUTES.filter((route) => route.path.startsWith('/api/child/') && !isChildScoped(route)).map((route) =>
    route.path.toLowerCase(),
  ),
);

const CHILD_PATH = /^\/api\/child\/([^/]+)(\/.*)?$/i;
const RESTORE_PATH = /^\/api\/child\/[^/]+\/restore$/i;
const HAND_OVER_PATH = /^\/api\/child\/[^/]+\/needs-attention\/create$/i;

const pathOf = (url: string): string => {
  const path = url.split('?')[0].split('#')[0];
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * The child id a request path is scoped to (`/api/child/{id}` and everything under it), decoded but not
 * validated; null for any other path. The query string is ignored.
 */
export function childIdInPath(url: string): string | null {
  const path = pathOf(url);
  const match = CHILD_PATH.exec(path);
  if (!match) return null;
  if (match[2] === undefined && NOT_CHILD_PATHS.has(path.toLowerCase())) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Whether a request path is a child's restore (`/api/child/{id}/restore`), the one call that finds a deleted child. */
export function isChildRestorePath(url: string): boolean {
  return RESTORE_PATH.test(pathOf(url));
}

/**
 * Whether a request path hands over a capture (`/api/child/{id}/needs-attention/create`), the one call a former member
 * of the child's team may make (with a capture made while on the team), and the one besides the restore that finds a
 * deleted child (ADR 0044).
 */
export function isHandOverPath(url: string): boolean {
  return HAND_OVER_PATH.test(pathOf(url));
}
