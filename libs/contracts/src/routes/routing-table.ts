/**
 * Who serves which call: the ordered routing table of ARCHITECTURE.md ("Ownership"), in one place.
 * The first rule that matches a path wins, so the most specific rules come first.
 */

export type ServiceName = 'identity' | 'therapy' | 'billing';

export const SERVICES: readonly ServiceName[] = ['identity', 'therapy', 'billing'];

export interface RouteRule {
  /** As written in ARCHITECTURE.md: an exact path, or a prefix ending in `/*`. */
  readonly pattern: string;
  readonly service: ServiceName;
  /** Reachable without a session (the accounts calls, Stripe's webhook); every other call answers 401 without one. */
  readonly public?: true;
}

export const ROUTING_TABLE: readonly RouteRule[] = [
  // identity
  { pattern: '/api/get-session', service: 'identity', public: true },
  { pattern: '/api/login', service: 'identity', public: true },
  { pattern: '/api/logout', service: 'identity', public: true },
  { pattern: '/api/register', service: 'identity', public: true },
  { pattern: '/api/invite/*', service: 'identity', public: true },
  { pattern: '/api/reset-password', service: 'identity', public: true },
  { pattern: '/api/token/*', service: 'identity', public: true },
  { pattern: '/api/user/list', service: 'identity' },
  { pattern: '/api/account', service: 'identity' },
  { pattern: '/api/account/*', service: 'identity' },
  // billing: before therapy, which owns every other /api/child/*
  { pattern: '/api/child/add-license', service: 'billing' },
  { pattern: '/api/child/remove-license', service: 'billing' },
  { pattern: '/api/user/subscription-data', service: 'billing' },
  { pattern: '/api/subscription/*', service: 'billing' },
  { pattern: '/api/billing/stripe/webhook', service: 'billing', public: true },
  { pattern: '/api/billing/*', service: 'billing' },
  // therapy
  { pattern: '/api/child/*', service: 'therapy' },
  { pattern: '/api/list/*', service: 'therapy' },
  { pattern: '/api/behavior/*', service: 'therapy' },
  { pattern: '/api/plan/*', service: 'therapy' },
  { pattern: '/api/sub-plan/*', service: 'therapy' },
  { pattern: '/api/sub-plan-item/*', service: 'therapy' },
  { pattern: '/api/item-evaluation/*', service: 'therapy' },
  { pattern: '/api/mastery-suggestion/*', service: 'therapy' },
];

/** Stripe calls this server to server: exempt from the CSRF origin check (billing verifies its signature). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

interface CompiledRule {
  readonly exact: string | null;
  readonly prefix: string | null;
  readonly rule: RouteRule;
}

const compiled: readonly CompiledRule[] = ROUTING_TABLE.map((rule) =>
  rule.pattern.endsWith('/*')
    ? { exact: null, prefix: rule.pattern.slice(0, -1), rule }
    : { exact: rule.pattern, prefix: null, rule },
);

/**
 * Path segments that could make the gateway and a service disagree about which path is meant
 * (`..`/`.` segments, empty segments, encoded slashes, dots or backslashes): never routed.
 */
const AMBIGUOUS_PATH = /\/\.{1,2}(?:\/|$)|\/\/|%2[ef]|%5c|\\/i;

/**
 * The service owning an /api path (no query string), or null when no rule matches.
 * A prefix rule (`/api/child/*`) needs at least one character after its slash.
 */
export function resolveUpstream(path: string): ServiceName | null {
  return resolveRoute(path)?.service ?? null;
}

/** The first rule matching an /api path (no query string), or null. */
export function resolveRoute(path: string): RouteRule | null {
  if (AMBIGUOUS_PATH.test(path)) return null;
  for (const { exact, prefix, rule } of compiled) {
    if (exact !== null) {
      if (path === exact) return rule;
    } else if (path.length > prefix!.length && path.startsWith(prefix!)) {
      return rule;
    }
  }
  return null;
}

export type HttpMethod = 'GET' | 'POST';

/** One call of the product spec's section 7, with its path template and the service that owns it. */
export interface ApiRoute {
  readonly method: HttpMethod;
  /** Path template with `{param}` placeholders, without the query string. */
  readonly path: string;
  /** Query parameters the spec names for this call, if any. */
  readonly query?: readonly string[];
  readonly service: ServiceName;
}

const route = (method: HttpMethod, template: string, service: ServiceName): ApiRoute => {
  const [path, query] = template.split('?');
  return query
    ? { method, path, query: query.split('&').map((pair) => pair.split('=')[0]), service }
    : { method, path, service };
};

/** Every call of spec section 7, in the spec's order, then the calls added beyond it (each saying why). */
export const API_ROUTES: readonly ApiRoute[] = [
  // Session and account
  route('GET', '/api/get-session', 'identity'),
  route('POST', '/api/logout', 'identity'),
  route('POST', '/api/login', 'identity'),
  route('POST', '/api/register', 'identity'),
  route('GET', '/api/invite/{token}/validate', 'identity'),
  route('POST', '/api/reset-password', 'identity'),
  route('GET', '/api/token/{token}/validate', 'identity'),
  route('POST', '/api/token/reset-password', 'identity'),
  route('POST', '/api/token/activate-user', 'identity'),
  route('POST', '/api/token/confirm-email', 'identity'),
  // Children, licences, billing
  route('POST', '/api/child/create', 'therapy'),
  route('GET', '/api/child/list', 'therapy'),
  route('GET', '/api/child/{id}', 'therapy'),
  route('POST', '/api/child/{id}/delete', 'therapy'),
  route('POST', '/api/child/add-license', 'billing'),
  route('POST', '/api/child/remove-license', 'billing'),
  route('GET', '/api/user/subscription-data', 'billing'),
  route('GET', '/api/child/{id}/evaluations', 'therapy'),
  // Admin
  route('GET', '/api/user/list?page={n}&user-count={n}', 'identity'),
  route('GET', '/api/subscription/list', 'billing'),
  route('POST', '/api/subscription/create', 'billing'),
  route('POST', '/api/subscription/update-status', 'billing'),
  // Behaviours
  route('GET', '/api/list/antecedent', 'therapy'),
  route('GET', '/api/list/consequence', 'therapy'),
  route('GET', '/api/child/{id}/behavior-abc/{behaviorId}/list', 'therapy'),
  route('GET', '/api/behavior/{id}', 'therapy'),
  route('POST', '/api/child/{childId}/behavior-abc/log', 'therapy'),
  route('GET', '/api/child/{id}/behavior/list', 'therapy'),
  route('POST', '/api/behavior/{id}/log', 'therapy'),
  route('POST', '/api/child/{id}/behavior/{behaviorId}/delete', 'therapy'),
  route('POST', '/api/child/{id}/behavior/create', 'therapy'),
  // Helpers
  route('GET', '/api/child/{id}/helpers?access_type=', 'therapy'),
  route('POST', '/api/child/{id}/helper/add?access_type=', 'therapy'),
  route('POST', '/api/child/{id}/helper/{helperId}/delete', 'therapy'),
  // Plans and sub-plans
  route('GET', '/api/child/{id}/plan/list?status=', 'therapy'),
  route('GET', '/api/child/{id}/sub-plan/list?status=', 'therapy'),
  route('GET', '/api/child/{id}/plan/{planId}', 'therapy'),
  route('GET', '/api/child/{id}/sub-plan/{planId}', 'therapy'),
  route('POST', '/api/child/{id}/plan/create', 'therapy'),
  route('POST', '/api/child/{id}/sub-plan/create', 'therapy'),
  route('POST', '/api/plan/{id}/set-status?status=', 'therapy'),
  route('POST', '/api/sub-plan/{id}/set-status?status=', 'therapy'),
  route('POST', '/api/child/{id}/plan/{planId}/delete', 'therapy'),
  route('POST', '/api/child/{id}/sub-plan/{planId}/delete', 'therapy'),
  route('GET', '/api/child/{id}/plan/{planId}/detailed-view?items_status=', 'therapy'),
  route('GET', '/api/child/{id}/sub-plan/{planId}/detailed-view', 'therapy'),
  route('GET', '/api/sub-plan/list?child_id=', 'therapy'),
  route('POST', '/api/child/{id}/plan/{planId}/add-sub-plan', 'therapy'),
  route('POST', '/api/plan/{planId}/sub-plan/{subPlanId}/delete', 'therapy'),
  // Items and evaluations
  route('POST', '/api/sub-plan-item/create', 'therapy'),
  route('POST', '/api/sub-plan-item/{id}/delete', 'therapy'),
  route('POST', '/api/sub-plan-item/{id}/set-status?status=', 'therapy'),
  route('POST', '/api/sub-plan-item/{id}/evaluation/create', 'therapy'),
  route('POST', '/api/child/{id}/plan/{planId}/item/{itemId}/evaluation/create', 'therapy'),
  route('GET', '/api/sub-plan-item/{id}/evaluations?limit=', 'therapy'),
  route('POST', '/api/item-evaluation/{id}/delete', 'therapy'),
  // Beyond the spec: deleted children are restorable by their owner for 30 days (issue 13, ADR 0021)
  route('GET', '/api/child/deleted', 'therapy'),
  route('POST', '/api/child/{id}/restore', 'therapy'),
  // Beyond the spec: the redo corrects an evaluation's result in place instead of deleting a trial (issue 13, ADR 0017)
  route('POST', '/api/item-evaluation/{id}/set-result', 'therapy'),
  // Beyond the spec: sessions of work with a child (issue 15)
  route('POST', '/api/child/{id}/session/start', 'therapy'),
  route('POST', '/api/child/{id}/session/{sessionId}/end', 'therapy'),
  route('GET', '/api/child/{id}/session/list?from=&to=', 'therapy'),
  // Beyond the spec: mastery criteria, progress and suggestions (issue 15)
  route('GET', '/api/sub-plan-item/{id}/progress', 'therapy'),
  route('GET', '/api/child/{id}/mastery-criterion', 'therapy'),
  route('POST', '/api/child/{id}/mastery-criterion', 'therapy'),
  route('GET', '/api/child/{id}/sub-plan/{planId}/mastery-criterion', 'therapy'),
  route('POST', '/api/child/{id}/sub-plan/{planId}/mastery-criterion', 'therapy'),
  route('GET', '/api/sub-plan-item/{id}/mastery-criterion', 'therapy'),
  route('POST', '/api/sub-plan-item/{id}/mastery-criterion', 'therapy'),
  route('GET', '/api/child/{id}/plan/{planId}/mastery-live', 'therapy'),
  route('GET', '/api/child/{id}/mastery-suggestion/list', 'therapy'),
  route('POST', '/api/mastery-suggestion/{id}/accept', 'therapy'),
  route('POST', '/api/mastery-suggestion/{id}/reject', 'therapy'),
  // Beyond the spec: captures whose goal or behaviour was deleted while the phone was offline (issue 16, ADR 0044)
  route('POST', '/api/child/{id}/needs-attention/create', 'therapy'),
  route('GET', '/api/child/{id}/needs-attention', 'therapy'),
  route('POST', '/api/child/{id}/needs-attention/{entryId}/attach', 'therapy'),
  route('POST', '/api/child/{id}/needs-attention/{entryId}/discard', 'therapy'),
  route('GET', '/api/child/{id}/consent', 'therapy'),
  route('POST', '/api/child/{id}/consent/give', 'therapy'),
  route('POST', '/api/child/{id}/consent/withdraw', 'therapy'),
  // Beyond the spec: handing a child over to one of its coordinators (issue 17, ADR 0050)
  route('GET', '/api/child/{id}/ownership', 'therapy'),
  route('POST', '/api/child/{id}/ownership/offer', 'therapy'),
  route('POST', '/api/child/{id}/ownership/withdraw', 'therapy'),
  route('POST', '/api/child/{id}/ownership/accept', 'therapy'),
  route('POST', '/api/child/{id}/ownership/decline', 'therapy'),
  // Beyond the spec: a child's audit trail (issue 17, ADR 0047)
  route('GET', '/api/child/{id}/audit?page=&kind=&user_id=', 'therapy'),
  // Beyond the spec: a child's data as spreadsheets and its reports as PDF (issue 18)
  route('GET', '/api/child/{id}/export?format=&from=&to=&lang=', 'therapy'),
  route('GET', '/api/child/{id}/report/parent?from=&to=&lang=', 'therapy'),
  route('GET', '/api/child/{id}/report/clinician?from=&to=&lang=', 'therapy'),
  route('GET', '/api/child/{id}/report/settings', 'therapy'),
  route('POST', '/api/child/{id}/report/settings', 'therapy'),
  route('GET', '/api/child/{id}/report/logo', 'therapy'),
  // Beyond the spec: the user's own account (issue 17)
  route('GET', '/api/account', 'identity'),
  route('POST', '/api/account/update', 'identity'),
  route('POST', '/api/account/change-password', 'identity'),
  route('POST', '/api/account/change-email', 'identity'),
  route('GET', '/api/account/export', 'identity'),
  route('POST', '/api/account/delete', 'identity'),
];

/** The `{param}` names of a path template, in order. */
export function templateParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

/** A concrete path from a template: each `{param}` is replaced by `value(param)`, URI-encoded. */
export function fillTemplate(path: string, value: (param: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, param: string) => encodeURIComponent(value(param)));
}

/** Calls whose path is scoped to one child (`/api/child/{id}/…`), e.g. for access-matrix tests. */
export function isChildScoped(route: ApiRoute): boolean {
  return /^\/api\/child\/\{[^}]+\}/.test(route.path);
}

interface CompiledApiRoute {
  readonly route: ApiRoute;
  readonly pattern: RegExp;
  /** Segments written out, not `{param}`: the more, the more specific (`/api/child/list` before `/api/child/{id}`). */
  readonly literals: number;
}

/** A call's method and its path's number of segments: only the calls of the same key can be the one a request is. */
const shapeOf = (method: string, path: string) => `${method} ${path.split('/').length}`;

/** The calls by shape, the most specific first: a request is tried against a handful, not the whole table. */
const compiledApiRoutes = new Map<string, CompiledApiRoute[]>();
for (const route of API_ROUTES) {
  const key = shapeOf(route.method, route.path);
  const candidates = compiledApiRoutes.get(key) ?? [];
  candidates.push({
    route,
    pattern: new RegExp(
      `^${route.path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
    literals: route.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
  });
  compiledApiRoutes.set(
    key,
    candidates.sort((a, b) => b.literals - a.literals),
  );
}

/** The call of `API_ROUTES` a request is (its method and path, no query string), the most specific first; or null. */
export function apiRouteOf(method: string, path: string): ApiRoute | null {
  return (
    compiledApiRoutes.get(shapeOf(method, path))?.find(({ pattern }) => pattern.test(path))?.route ?? null
  );
}
