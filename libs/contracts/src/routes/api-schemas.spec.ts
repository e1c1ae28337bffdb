import { z } from 'zod';
import {
  loginRequestSchema,
  registerRequestSchema,
  reportSettingsRequestSchema,
  userListQuerySchema,
} from '../api/index.js';
import { API_SCHEMAS } from './api-schemas.js';
import { API_ROUTES } from './routing-table.js';

const routeKeys = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));

describe('API_SCHEMAS', () => {
  it('is keyed by calls of API_ROUTES only', () => {
    const unknown = Object.keys(API_SCHEMAS).filter((key) => !routeKeys.has(key));
    expect(unknown).toEqual([]);
  });

  it('names at least one schema for each call it lists', () => {
    const empty = Object.entries(API_SCHEMAS)
      .filter(([, schemas]) => schemas.body === undefined && schemas.query === undefined)
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each([
    'POST /api/login',
    'POST /api/register',
    'POST /api/reset-password',
    'POST /api/token/reset-password',
    'POST /api/child/create',
    'POST /api/child/add-license',
    'POST /api/subscription/create',
    'POST /api/child/{id}/plan/create',
    'POST /api/sub-plan-item/create',
    'POST /api/child/{id}/session/start',
    'POST /api/child/{id}/report/settings',
    'POST /api/account/delete',
  ])('has the body schema of %s', (key) => {
    expect(API_SCHEMAS[key]?.body).toBeDefined();
  });

  it('has the schemas the controllers parse with', () => {
    expect(API_SCHEMAS['POST /api/login']?.body).toBe(loginRequestSchema);
    expect(API_SCHEMAS['POST /api/register']?.body).toBe(registerRequestSchema);
    expect(API_SCHEMAS['POST /api/child/{id}/report/settings']?.body).toBe(reportSettingsRequestSchema);
    expect(API_SCHEMAS['GET /api/user/list']?.query).toBe(userListQuerySchema);
  });

  it('lists no call without input', () => {
    expect(API_SCHEMAS['GET /api/get-session']).toBeUndefined();
    expect(API_SCHEMAS['POST /api/logout']).toBeUndefined();
    expect(API_SCHEMAS['GET /api/child/{id}/report/settings']).toBeUndefined();
  });

  it.each(
    Object.entries(API_SCHEMAS).flatMap(([key, schemas]) =>
      (['body', 'query'] as const)
        .filter((part) => schemas[part] !== undefined)
        .map((part) => [key, part, schemas[part]!] as const),
    ),
  )('%s: its %s schema converts to JSON Schema', (_key, _part, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });
});
