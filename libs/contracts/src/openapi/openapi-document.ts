import { z, type ZodType } from 'zod';
import { errorBodySchema, SESSION_COOKIE } from '../api/index.js';
import { API_SCHEMAS } from '../routes/api-schemas.js';
import { API_ROUTES, resolveRoute, templateParams, type ApiRoute } from '../routes/routing-table.js';

/** A JSON Schema as zod writes it. */
type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters: Parameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
  };
}

/** A schema as the caller writes the input (before the service's own transforms and defaults). */
const inputSchemaOf = (schema: ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

const SERVICE_TAGS = [
  { name: 'identity', description: 'Accounts, sessions, invitations, the platform users' },
  {
    name: 'therapy',
    description: 'Children, their teams, plans, items, trials, behaviours, sessions, mastery, reports',
  },
  { name: 'billing', description: 'Subscriptions and the licence of each child, through Stripe' },
];

const ERROR_RESPONSE = {
  description:
    'Refused or failed: `{ "error": … }` with the status that says why (400, 401, 402, 403, 404, 409, 429, 5xx)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** The query parameters of a call: those its route names, described by its query schema where one exists. */
function queryParameters(route: ApiRoute, schema: ZodType | undefined): Parameter[] {
  const properties = schema ? ((inputSchemaOf(schema).properties ?? {}) as Record<string, JsonSchema>) : {};
  const names = [...new Set([...(route.query ?? []), ...Object.keys(properties)])];
  return names.map((name) => ({
    name,
    in: 'query',
    required: false,
    schema: properties[name] ?? { type: 'string' },
  }));
}

function operationOf(route: ApiRoute): Operation {
  const schemas = API_SCHEMAS[`${route.method} ${route.path}`] ?? {};
  const isPublic = resolveRoute(route.path)?.public === true;
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
    tags: [route.service],
    summary: `${route.method} ${route.path}`,
    parameters: [
      ...templateParams(route.path).map((name): Parameter => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...queryParameters(route, schemas.query),
    ],
    ...(schemas.body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: inputSchemaOf(schemas.body) } },
          },
        }
      : {}),
    responses: {
      '2XX': { description: 'Done: the answer the product specification gives for this call' },
      default: ERROR_RESPONSE,
    },
    security: isPublic ? [] : [{ session: [] }],
  };
}

/**
 * The API as an OpenAPI 3.1 document (issue 19, ADR 0055), generated from the contracts themselves: every call of
 * `API_ROUTES` and nothing else, its path and query parameters, its body's JSON Schema from the zod schema its service
 * validates it with (`API_SCHEMAS`), whether it needs a session, and the `{ error }` body of every refusal.
 */
export function openApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of API_ROUTES) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ABA Tracker API',
      version,
      description:
        "Every call goes through the gateway at /api. A call that changes something must come from the app's own origin " +
        '(Origin header). Unless marked public, a call needs the session cookie the login sets.',
    },
    servers: [{ url: '/' }],
    tags: SERVICE_TAGS,
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by POST /api/login, HttpOnly',
        },
      },
      schemas: { Error: inputSchemaOf(errorBodySchema) },
    },
  };
}
