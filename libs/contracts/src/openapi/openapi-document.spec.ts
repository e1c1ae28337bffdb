import { API_ROUTES } from '../routes/routing-table.js';
import { openApiDocument } from './openapi-document.js';

describe('the OpenAPI document (issue 19)', () => {
  const document = openApiDocument('1.2.3');

  it('holds every call of the routing table and nothing else', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('names each call once, with its path parameters and the query parameters its route names', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(API_ROUTES.length);
    const clinician = document.paths['/api/child/{id}/report/clinician'].get!;
    expect(clinician.parameters.map(({ name, in: where }) => `${where}:${name}`)).toEqual([
      'path:id',
      'query:from',
      'query:to',
      'query:lang',
    ]);
    expect(clinician.parameters.find(({ name }) => name === 'lang')?.schema).toMatchObject({
      enum: ['ro', 'en'],
    });
  });

  it('describes a body by the schema its service validates it with, and who may call', () => {
    const login = document.paths['/api/login'].post!;
    expect(login.security).toEqual([]);
    expect(login.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { email: expect.any(Object), password: expect.any(Object) },
    });
    const settings = document.paths['/api/child/{id}/report/settings'].post!;
    expect(settings.security).toEqual([{ session: [] }]);
    expect(settings.requestBody?.content['application/json'].schema).toMatchObject({
      properties: {
        clinic_name: expect.any(Object),
        logo: expect.any(Object),
        section_order: expect.any(Object),
      },
    });
    expect(document.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'aba_session' });
    expect(document.info.version).toBe('1.2.3');
    expect(() => JSON.stringify(document)).not.toThrow();
  });
});
