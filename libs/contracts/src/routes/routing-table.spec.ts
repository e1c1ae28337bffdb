import {
  API_ROUTES,
  apiRouteOf,
  fillTemplate,
  isChildScoped,
  resolveRoute,
  resolveUpstream,
  ROUTING_TABLE,
  type ServiceName,
} from './routing-table.js';

/**
 * Spec section 7, line by line (as written there, query strings included), with the owner ARCHITECTURE.md gives.
 * Kept independent of API_ROUTES on purpose: the two lists must agree.
 */
const SPEC_SECTION_7: ReadonlyArray<[string, ServiceName]> = [
  // Session and account
  ['GET /api/get-session', 'identity'],
  ['POST /api/logout', 'identity'],
  ['POST /api/login', 'identity'],
  ['POST /api/register', 'identity'],
  ['GET /api/invite/{token}/validate', 'identity'],
  ['POST /api/reset-password', 'identity'],
  ['GET /api/token/{token}/validate', 'identity'],
  ['POST /api/token/reset-password', 'identity'],
  ['POST /api/token/activate-user', 'identity'],
  ['POST /api/token/confirm-email', 'identity'],
  // Children, licences, billing
  ['POST /api/child/create', 'therapy'],
  ['GET /api/child/list', 'therapy'],
  ['GET /api/child/{id}', 'therapy'],
  ['POST /api/child/{id}/delete', 'therapy'],
  ['POST /api/child/add-license', 'billing'],
  ['POST /api/child/remove-license', 'billing'],
  ['GET /api/user/subscription-data', 'billing'],
  ['GET /api/child/{id}/evaluations', 'therapy'],
  // Admin
  ['GET /api/user/list?page={n}&user-count={n}', 'identity'],
  ['GET /api/subscription/list', 'billing'],
  ['POST /api/subscription/create', 'billing'],
  ['POST /api/subscription/update-status', 'billing'],
  // Behaviours
  ['GET /api/list/antecedent', 'therapy'],
  ['GET /api/list/consequence', 'therapy'],
  ['GET /api/child/{id}/behavior-abc/{behaviorId}/list', 'therapy'],
  ['GET /api/behavior/{id}', 'therapy'],
  ['POST /api/child/{childId}/behavior-abc/log', 'therapy'],
  ['GET /api/child/{id}/behavior/list', 'therapy'],
  ['POST /api/behavior/{id}/log', 'therapy'],
  ['POST /api/child/{id}/behavior/{behaviorId}/delete', 'therapy'],
  ['POST /api/child/{id}/behavior/create', 'therapy'],
  // Helpers
  ['GET /api/child/{id}/helpers?access_type=', 'therapy'],
  ['POST /api/child/{id}/helper/add?access_type=', 'therapy'],
  ['POST /api/child/{id}/helper/{helperId}/delete', 'therapy'],
  // Plans and sub-plans
  ['GET /api/child/{id}/plan/list?status=', 'therapy'],
  ['GET /api/child/{id}/sub-plan/list?status=', 'therapy'],
  ['GET /api/child/{id}/plan/{planId}', 'therapy'],
  ['GET /api/child/{id}/sub-plan/{planId}', 'therapy'],
  ['POST /api/child/{id}/plan/create', 'therapy'],
  ['POST /api/child/{id}/sub-plan/create', 'therapy'],
  ['POST /api/plan/{id}/set-status?status=', 'therapy'],
  ['POST /api/sub-plan/{id}/set-status?status=', 'therapy'],
  ['POST /api/child/{id}/plan/{planId}/delete', 'therapy'],
  ['POST /api/child/{id}/sub-plan/{planId}/delete', 'therapy'],
  ['GET /api/child/{id}/plan/{planId}/detailed-view?items_status=', 'therapy'],
  ['GET /api/child/{id}/sub-plan/{planId}/detailed-view', 'therapy'],
  ['GET /api/sub-plan/list?child_id=', 'therapy'],
  ['POST /api/child/{id}/plan/{planId}/add-sub-plan', 'therapy'],
  ['POST /api/plan/{planId}/sub-plan/{subPlanId}/delete', 'therapy'],
  // Items and evaluations
  ['POST /api/sub-plan-item/create', 'therapy'],
  ['POST /api/sub-plan-item/{id}/delete', 'therapy'],
  ['POST /api/sub-plan-item/{id}/set-status?status=', 'therapy'],
  ['POST /api/sub-plan-item/{id}/evaluation/create', 'therapy'],
  ['POST /api/child/{id}/plan/{planId}/item/{itemId}/evaluation/create', 'therapy'],
  ['GET /api/sub-plan-item/{id}/evaluations?limit=', 'therapy'],
  ['POST /api/item-evaluation/{id}/delete', 'therapy'],
];

/** Calls added beyond the spec, after its own (ADRs say why), with their owner. */
const BEYOND_THE_SPEC: ReadonlyArray<[string, ServiceName]> = [
  ['GET /api/child/deleted', 'therapy'],
  ['POST /api/child/{id}/restore', 'therapy'],
  ['POST /api/item-evaluation/{id}/set-result', 'therapy'],
  ['POST /api/child/{id}/session/start', 'therapy'],
  ['POST /api/child/{id}/session/{sessionId}/end', 'therapy'],
  ['GET /api/child/{id}/session/list?from=&to=', 'therapy'],
  ['GET /api/sub-plan-item/{id}/progress', 'therapy'],
  ['GET /api/child/{id}/mastery-criterion', 'therapy'],
  ['POST /api/child/{id}/mastery-criterion', 'therapy'],
  ['GET /api/child/{id}/sub-plan/{planId}/mastery-criterion', 'therapy'],
  ['POST /api/child/{id}/sub-plan/{planId}/mastery-criterion', 'therapy'],
  ['GET /api/sub-plan-item/{id}/mastery-criterion', 'therapy'],
  ['POST /api/sub-plan-item/{id}/mastery-criterion', 'therapy'],
  ['GET /api/child/{id}/plan/{planId}/mastery-live', 'therapy'],
  ['GET /api/child/{id}/mastery-suggestion/list', 'therapy'],
  ['POST /api/mastery-suggestion/{id}/accept', 'therapy'],
  ['POST /api/mastery-suggestion/{id}/reject', 'therapy'],
  ['POST /api/child/{id}/needs-attention/create', 'therapy'],
  ['GET /api/child/{id}/needs-attention', 'therapy'],
  ['POST /api/child/{id}/needs-attention/{entryId}/attach', 'therapy'],
  ['POST /api/child/{id}/needs-attention/{entryId}/discard', 'therapy'],
  ['GET /api/child/{id}/consent', 'therapy'],
  ['POST /api/child/{id}/consent/give', 'therapy'],
  ['POST /api/child/{id}/consent/withdraw', 'therapy'],
  ['GET /api/child/{id}/ownership', 'therapy'],
  ['POST /api/child/{id}/ownership/offer', 'therapy'],
  ['POST /api/child/{id}/ownership/withdraw', 'therapy'],
  ['POST /api/child/{id}/ownership/accept', 'therapy'],
  ['POST /api/child/{id}/ownership/decline', 'therapy'],
  ['GET /api/child/{id}/audit?page=&kind=&user_id=', 'therapy'],
  ['GET /api/child/{id}/export?format=&from=&to=&lang=', 'therapy'],
  ['GET /api/child/{id}/report/parent?from=&to=&lang=', 'therapy'],
  ['GET /api/child/{id}/report/clinician?from=&to=&lang=', 'therapy'],
  ['GET /api/child/{id}/report/settings', 'therapy'],
  ['POST /api/child/{id}/report/settings', 'therapy'],
  ['GET /api/child/{id}/report/logo', 'therapy'],
  ['GET /api/account', 'identity'],
  ['POST /api/account/update', 'identity'],
  ['POST /api/account/change-password', 'identity'],
  ['POST /api/account/change-email', 'identity'],
  ['GET /api/account/export', 'identity'],
  ['POST /api/account/delete', 'identity'],
];

const stripQuery = (path: string) => path.split('?')[0];
const sample = (param: string) => (param === 'token' ? 'a1b2c3' : '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b');

describe('routing table', () => {
  it.each([...SPEC_SECTION_7, ...BEYOND_THE_SPEC])('%s → %s', (line, owner) => {
    const [, template] = line.split(' ');
    expect(resolveUpstream(fillTemplate(stripQuery(template), sample))).toBe(owner);
    // the raw template (with its {placeholders}) routes the same way
    expect(resolveUpstream(stripQuery(template))).toBe(owner);
  });

  it('lists exactly the calls of spec section 7, then those beyond it, each with its owner', () => {
    const fromSpec = [...SPEC_SECTION_7, ...BEYOND_THE_SPEC].map(([line, owner]) => {
      const [method, template] = line.split(' ');
      return `${method} ${stripQuery(template)} ${owner}`;
    });
    expect(API_ROUTES.map((route) => `${route.method} ${route.path} ${route.service}`)).toEqual(fromSpec);
  });

  it('keeps the query parameters the spec names', () => {
    const byPath = (path: string) => API_ROUTES.find((route) => route.path === path);
    expect(byPath('/api/user/list')?.query).toEqual(['page', 'user-count']);
    expect(byPath('/api/child/{id}/helpers')?.query).toEqual(['access_type']);
    expect(byPath('/api/child/{id}/plan/{planId}/detailed-view')?.query).toEqual(['items_status']);
    expect(byPath('/api/child/list')?.query).toBeUndefined();
  });

  it('puts the most specific rules first', () => {
    expect(resolveUpstream('/api/child/add-license')).toBe('billing');
    expect(resolveUpstream('/api/child/remove-license')).toBe('billing');
    expect(resolveUpstream('/api/child/42/plan/list')).toBe('therapy');
    expect(resolveUpstream('/api/user/subscription-data')).toBe('billing');
    expect(resolveUpstream('/api/user/list')).toBe('identity');
    const index = (pattern: string) => ROUTING_TABLE.findIndex((rule) => rule.pattern === pattern);
    expect(index('/api/child/add-license')).toBeLessThan(index('/api/child/*'));
    expect(index('/api/child/remove-license')).toBeLessThan(index('/api/child/*'));
  });

  it('routes the billing service’s own paths (Stripe webhook, checkout and portal links)', () => {
    expect(resolveUpstream('/api/billing/stripe/webhook')).toBe('billing');
    expect(resolveUpstream('/api/billing/checkout-link')).toBe('billing');
    expect(resolveUpstream('/api/subscription/anything/else')).toBe('billing');
  });

  it.each([
    '/api',
    '/api/',
    '/api/unknown',
    '/api/user',
    '/api/user/',
    '/api/user/other',
    '/api/child',
    '/api/child/',
    '/api/login/extra',
    '/api/get-session/',
    '/api/LOGIN',
    '/apichild/list',
    '/health',
    '/',
  ])('%s → null', (path) => {
    expect(resolveUpstream(path)).toBeNull();
  });

  it.each([
    '/api/child/../user/list',
    '/api/child/./list',
    '/api/child/1/..',
    '/api/child//list',
    '/api/child/%2e%2e/user/list',
    '/api/child/1%2Fdelete',
    '/api/child/1%5cdelete',
    '/api/child/1\\delete',
  ])('refuses the ambiguous path %s', (path) => {
    expect(resolveUpstream(path)).toBeNull();
  });

  it('exact rules do not swallow longer paths', () => {
    // /api/child/add-license is billing's, anything below it falls back to therapy's /api/child/*
    expect(resolveUpstream('/api/child/add-license/extra')).toBe('therapy');
  });

  it('names child-scoped calls', () => {
    const scoped = API_ROUTES.filter(isChildScoped).map((route) => route.path);
    expect(scoped).toContain('/api/child/{id}/plan/list');
    expect(scoped).toContain('/api/child/{childId}/behavior-abc/log');
    expect(scoped).not.toContain('/api/child/list');
    expect(scoped).not.toContain('/api/child/add-license');
    expect(API_ROUTES.filter(isChildScoped).every((route) => route.service === 'therapy')).toBe(true);
  });

  it('fills templates with encoded values', () => {
    expect(fillTemplate('/api/child/{id}/plan/{planId}', (p) => (p === 'id' ? 'a b' : '7'))).toBe(
      '/api/child/a%20b/plan/7',
    );
  });
});

describe('public routes', () => {
  it('are exactly the accounts calls and the Stripe webhook: everything else needs a session', () => {
    const publicPaths = ROUTING_TABLE.filter((rule) => rule.public).map((rule) => rule.pattern);
    expect(publicPaths).toEqual([
      '/api/get-session',
      '/api/login',
      '/api/logout',
      '/api/register',
      '/api/invite/*',
      '/api/reset-password',
      '/api/token/*',
      '/api/billing/stripe/webhook',
    ]);
    expect(resolveRoute('/api/billing/stripe/webhook')?.public).toBe(true);
    expect(resolveRoute('/api/billing/checkout')?.public).toBeUndefined();
    expect(resolveRoute('/api/user/list')?.public).toBeUndefined();
  });
});

describe('the call a request is', () => {
  it('is found by method and path, a written segment before a parameter', () => {
    expect(apiRouteOf('GET', '/api/child/list')?.path).toBe('/api/child/list');
    expect(apiRouteOf('GET', '/api/child/3f1c2a9e')?.path).toBe('/api/child/{id}');
    expect(apiRouteOf('POST', '/api/child/c-1/report/settings')?.path).toBe(
      '/api/child/{id}/report/settings',
    );
    expect(apiRouteOf('GET', '/api/child/c-1/report/settings/x')).toBeNull();
    expect(apiRouteOf('DELETE', '/api/child/c-1')).toBeNull();
  });

  it('is every call of the table, filled with sample values', () => {
    for (const route of API_ROUTES) {
      expect(apiRouteOf(route.method, fillTemplate(route.path, sample))).toBe(route);
    }
  });
});
