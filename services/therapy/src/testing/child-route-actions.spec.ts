import { CHILD_SCOPED_THERAPY_ROUTES, routeActionGaps } from './child-route-actions.js';

describe('route → child action map of the access matrix', () => {
  it('covers every child-scoped therapy call of API_ROUTES, and only those', () => {
    expect(CHILD_SCOPED_THERAPY_ROUTES.length).toBeGreaterThan(0);
    expect(routeActionGaps()).toEqual({ missing: [], stale: [] });
  });
});
