import type { ChildAction } from '@aba/contracts/api';
import { API_ROUTES, isChildScoped, type ApiRoute } from '@aba/contracts/routes';

/** A route another issue will implement, with the action it will require. Until then only the relation is checked. */
export interface Later {
  later: ChildAction;
}

/**
 * What each child-scoped therapy call of `API_ROUTES` requires of the caller's relation to the child: the
 * expectation the access matrix test (`child-access/access-matrix.int-spec.ts`) checks over HTTP for owner,
 * coordinator, therapist, stranger and platform ADMIN.
 *
 * When you implement one of the `{ later }` routes, replace its entry with the bare action: the matrix then
 * checks the exact rule (a relation without the right → 403 `Your role for this child does not allow this`).
 * A route that answers while still marked `{ later }`, or a child-scoped route without an entry, fails the test.
 */
export const CHILD_ROUTE_ACTIONS: Readonly<Record<string, ChildAction | Later>> = {
  // Children
  'GET /api/child/{id}': 'read',
  'POST /api/child/{id}/delete': 'delete',
  // Of a child that is not deleted, as here: 409 for its owner (ADR 0021)
  'POST /api/child/{id}/restore': 'delete',
  'GET /api/child/{id}/evaluations': 'read',
  // Sessions (issue 15)
  'POST /api/child/{id}/session/start': 'evaluate',
  'POST /api/child/{id}/session/{sessionId}/end': 'evaluate',
  'GET /api/child/{id}/session/list': 'read',
  // Mastery (issue 15)
  'GET /api/child/{id}/mastery-criterion': 'read',
  'POST /api/child/{id}/mastery-criterion': 'edit',
  'GET /api/child/{id}/sub-plan/{planId}/mastery-criterion': 'read',
  'POST /api/child/{id}/sub-plan/{planId}/mastery-criterion': 'edit',
  'GET /api/child/{id}/mastery-suggestion/list': 'read',
  'GET /api/child/{id}/plan/{planId}/mastery-live': 'read',
  // Captures whose goal or behaviour was deleted (issue 16)
  'POST /api/child/{id}/needs-attention/create': 'evaluate',
  'GET /api/child/{id}/needs-attention': 'read',
  'POST /api/child/{id}/needs-attention/{entryId}/attach': 'edit',
  'POST /api/child/{id}/needs-attention/{entryId}/discard': 'edit',
  // Consent (issue 17): the owner's
  'GET /api/child/{id}/consent': 'read',
  'POST /api/child/{id}/consent/give': 'delete',
  'POST /api/child/{id}/consent/withdraw': 'delete',
  // Handing the child over (issue 17): the owner offers; the coordinator it is for accepts or declines
  'GET /api/child/{id}/ownership': 'read',
  'POST /api/child/{id}/ownership/offer': 'delete',
  'POST /api/child/{id}/ownership/withdraw': 'delete',
  'POST /api/child/{id}/ownership/accept': 'read',
  'POST /api/child/{id}/ownership/decline': 'read',
  // The audit trail (issue 17): for those who may change the child's data
  'GET /api/child/{id}/audit': 'edit',
  // The child's data as spreadsheets (issue 18): for the whole team
  'GET /api/child/{id}/export': 'read',
  'GET /api/child/{id}/report/parent': 'read',
  'GET /api/child/{id}/report/clinician': 'read',
  'GET /api/child/{id}/report/settings': 'read',
  'POST /api/child/{id}/report/settings': 'edit',
  'GET /api/child/{id}/report/logo': 'read',
  // Behaviours
  'GET /api/child/{id}/behavior-abc/{behaviorId}/list': 'read',
  'POST /api/child/{childId}/behavior-abc/log': 'evaluate',
  'GET /api/child/{id}/behavior/list': 'read',
  'POST /api/child/{id}/behavior/{behaviorId}/delete': 'edit',
  'POST /api/child/{id}/behavior/create': 'edit',
  // Helpers
  'GET /api/child/{id}/helpers': 'read',
  'POST /api/child/{id}/helper/add': 'manageHelpers',
  'POST /api/child/{id}/helper/{helperId}/delete': 'manageHelpers',
  // Plans and sub-plans
  'GET /api/child/{id}/plan/list': 'read',
  'GET /api/child/{id}/sub-plan/list': 'read',
  'GET /api/child/{id}/plan/{planId}': 'read',
  'GET /api/child/{id}/sub-plan/{planId}': 'read',
  'POST /api/child/{id}/plan/create': 'edit',
  'POST /api/child/{id}/sub-plan/create': 'edit',
  'POST /api/child/{id}/plan/{planId}/delete': 'edit',
  'POST /api/child/{id}/sub-plan/{planId}/delete': 'edit',
  'GET /api/child/{id}/plan/{planId}/detailed-view': 'read',
  'GET /api/child/{id}/sub-plan/{planId}/detailed-view': 'read',
  'POST /api/child/{id}/plan/{planId}/add-sub-plan': 'edit',
  // Items and evaluations
  'POST /api/child/{id}/plan/{planId}/item/{itemId}/evaluation/create': 'evaluate',
};

export const routeKey = (route: ApiRoute): string => `${route.method} ${route.path}`;

/** Every call of the spec that therapy serves under `/api/child/{id}`. */
export const CHILD_SCOPED_THERAPY_ROUTES: readonly ApiRoute[] = API_ROUTES.filter(
  (route) => route.service === 'therapy' && isChildScoped(route),
);

/** Child-scoped therapy routes without an entry in `CHILD_ROUTE_ACTIONS`, and entries naming no such route. */
export function routeActionGaps(): { missing: string[]; stale: string[] } {
  const keys = new Set(CHILD_SCOPED_THERAPY_ROUTES.map(routeKey));
  return {
    missing: [...keys].filter((key) => !(key in CHILD_ROUTE_ACTIONS)),
    stale: Object.keys(CHILD_ROUTE_ACTIONS).filter((key) => !keys.has(key)),
  };
}
