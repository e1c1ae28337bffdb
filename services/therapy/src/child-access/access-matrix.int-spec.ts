import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { ChildMessages, mayOnChild, type ChildRelation } from '@aba/contracts/api';
import { fillTemplate, templateParams, type ApiRoute } from '@aba/contracts/routes';
import {
  CHILD_ROUTE_ACTIONS,
  CHILD_SCOPED_THERAPY_ROUTES,
  routeActionGaps,
  routeKey,
} from '../testing/child-route-actions.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

/** Plausible values for the query parameters the spec names; anything else gets a placeholder. */
const SAMPLE_QUERY: Record<string, string> = {
  access_type: 'THERAPIST',
  status: 'ACTIVE',
  items_status: 'IN_LEARNING',
  limit: '5',
  child_id: randomUUID(),
  format: 'csv',
  lang: 'ro',
  from: '2026-01-01',
  to: '2026-12-31',
};

/**
 * The child access matrix, over HTTP, for every child-scoped therapy call of the spec (API_ROUTES): routes that
 * later issues implement join automatically; what each requires comes from `CHILD_ROUTE_ACTIONS`.
 */
describe('child access matrix', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let platformAdmin: TestUser;

  beforeAll(async () => {
    // The owner adds two helpers to a fresh child per route: more than a day's default allowance.
    therapy = await startTherapy({ env: { HELPER_ADDITIONS_PER_USER_PER_DAY: '1000' } });
    owner = await therapy.registerUser({ firstName: 'Owner', role: 'PARENT' });
    coordinator = await therapy.registerUser({ firstName: 'Coordinator', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Therapist', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Stranger', role: 'PARENT' });
    platformAdmin = await therapy.registerUser({ firstName: 'Admin', role: 'ADMIN' });
  });

  afterAll(() => therapy.close());

  it('has an entry in CHILD_ROUTE_ACTIONS for every child-scoped therapy route', () => {
    const { missing, stale } = routeActionGaps();
    if (missing.length) {
      throw new Error(
        `Child-scoped routes without an action in src/testing/child-route-actions.ts: ${missing.join(', ')}`,
      );
    }
    expect(stale).toEqual([]);
  });

  async function call(route: ApiRoute, childId: string, user: TestUser): Promise<Response> {
    const [childParam] = templateParams(route.path);
    const path = fillTemplate(route.path, (param) => (param === childParam ? childId : randomUUID()));
    const query = (route.query ?? [])
      .map((name) => `${name}=${encodeURIComponent(SAMPLE_QUERY[name] ?? 'x')}`)
      .join('&');
    const url = query ? `${path}?${query}` : path;
    const headers = await therapy.headers(user);
    return route.method === 'GET'
      ? therapy.http().get(url).set(headers)
      : therapy.http().post(url).set(headers).send({});
  }

  const isRouteMiss = (response: Response) =>
    response.status === 404 && /^Cannot (GET|POST) /.test(String(response.body?.error));

  describe.each(CHILD_SCOPED_THERAPY_ROUTES.map((route) => [routeKey(route), route] as const))(
    '%s',
    (_key, route) => {
      const entry = CHILD_ROUTE_ACTIONS[routeKey(route)];
      let childId: string;

      beforeAll(async () => {
        // A fresh child per route: the calls below may change or delete it.
        childId = await createChild(therapy, owner);
        await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
        await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
      });

      it('has an expectation', () => {
        expect(entry).toBeDefined();
      });

      it.each([
        ['a stranger', () => stranger],
        ['a platform ADMIN', () => platformAdmin],
      ])('refuses %s with 403 no access', async (_name, who) => {
        const response = await call(route, childId, who());
        expect([response.status, response.body]).toEqual([403, { error: ChildMessages.noChildAccess }]);
      });

      it.each([
        ['an unknown child id', () => randomUUID()],
        ['a malformed child id', () => 'not-a-child'],
      ])('answers %s with 404 Child does not exist', async (_name, id) => {
        const response = await call(route, id(), owner);
        expect([response.status, response.body]).toEqual([404, { error: ChildMessages.childNotFound }]);
      });

      // Least to most powerful: the owner comes last, since its call may delete the child.
      it.each([
        ['THERAPIST' as ChildRelation, () => therapist],
        ['ADMIN' as ChildRelation, () => coordinator],
        ['OWNER' as ChildRelation, () => owner],
      ])('applies the rule to relation %s', async (relation, who) => {
        const response = await call(route, childId, who());
        expect(response.status).toBeLessThan(500);
        expect(response.body).not.toEqual({ error: ChildMessages.noChildAccess });
        expect(response.body).not.toEqual({ error: ChildMessages.childNotFound });
        if (!entry) return;
        if (typeof entry === 'object') {
          // Not served yet: the relation was checked, then nothing answers the path.
          if (!isRouteMiss(response)) {
            throw new Error(
              `${routeKey(route)} now answers (${response.status} ${JSON.stringify(response.body)}): ` +
                `replace { later: '${entry.later}' } by '${entry.later}' in src/testing/child-route-actions.ts`,
            );
          }
          return;
        }
        if (mayOnChild(relation, entry)) {
          expect(response.status).not.toBe(403);
          expect(isRouteMiss(response)).toBe(false);
        } else {
          expect([response.status, response.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]);
        }
      });
    },
  );
});
