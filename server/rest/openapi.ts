import { z } from 'zod';
import type { AnyRestRoute } from './route';

/**
 * The OpenAPI 3.1 document of the namespace, generated from the routes themselves (never written by
 * hand): each route's zod schemas become JSON Schema draft 2020-12 (OpenAPI 3.1's dialect) with
 * zod's own converter; the parameters' side as a client sends them (`io: 'input'`), the answer as
 * the handler writes it. Path parameters come from the Express path (`:id` → `{id}`), the rest of
 * the input's properties are query parameters; the body is the request body; errors are
 * WordPress's error object; routes that need a key declare HTTP Basic (application passwords).
 */
export interface OpenApiOptions {
  /** The namespace's absolute URL on this site (`https://example.com/wp-json/tourmaster/v1`). */
  serverUrl: string;
  title: string;
  version: string;
}

type JsonSchema = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/WP_Error' };

const WP_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An error as the WordPress REST API answers it.',
  properties: {
    code: { type: 'string', examples: ['rest_invalid_param', 'rest_forbidden', 'incorrect_password'] },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        params: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['status'],
    },
  },
  required: ['code', 'message', 'data'],
};

const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  tours: 'Tours, their availability and prices: public.',
  bookings: 'Bookings: an application password of a user who may manage Tour Master orders.',
  webhooks: 'Webhook subscriptions and their deliveries: an administrator’s application password.',
};

export function openApiDocument(routes: readonly AnyRestRoute[], options: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { WP_Error: WP_ERROR_SCHEMA };
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operationOf(route, schemas) };
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      description:
        'The booking API of this site, in the WordPress REST API’s conventions. Calls that need a key authenticate with HTTP Basic: a WordPress user’s login (or e-mail) and one of their application passwords (Users → Profile → Application Passwords, or `npm run api-key`). Every key-authenticated call is rate limited per key.',
    },
    // No `jsonSchemaDialect`: OpenAPI 3.1's default (its base dialect, JSON Schema 2020-12 plus its
    // keywords) reads these schemas as they are, and Swagger UI refuses any other value.
    servers: [{ url: options.serverUrl }],
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        applicationPassword: {
          type: 'http',
          scheme: 'basic',
          description: 'A WordPress user’s login and application password.',
        },
      },
    },
  };
}

/** `/tours/:id/availability` → `/tours/{id}/availability`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

function pathParams(expressPath: string): Set<string> {
  return new Set([...expressPath.matchAll(/:(\w+)/g)].map((m) => m[1]!));
}

function operationId(route: AnyRestRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/^:/, 'by_').replace(/\W/g, '_'));
  return [route.method, ...words].join('_');
}

function operationOf(route: AnyRestRoute, schemas: Record<string, JsonSchema>): Record<string, unknown> {
  const id = operationId(route);
  const input = jsonSchema(route.input, 'input', `${id}_input`, schemas);
  const inPath = pathParams(route.path);
  const required = new Set((input.required as string[] | undefined) ?? []);
  const properties = (input.properties as Record<string, JsonSchema> | undefined) ?? {};
  const parameters = Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
  for (const { maxLength, ...header } of route.headers ?? [])
    parameters.push({ ...header, in: 'header', schema: { type: 'string', minLength: 1, maxLength } });
  const keyed = route.auth !== 'public';
  return {
    operationId: id,
    summary: route.summary,
    tags: [route.tag],
    ...(keyed ? { security: [{ applicationPassword: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input', `${id}_body`, schemas) } },
          },
        }
      : {}),
    responses: responsesOf(route, jsonSchema(route.response, 'output', `${id}_response`, schemas)),
  };
}

function responsesOf(route: AnyRestRoute, success: JsonSchema): Record<string, unknown> {
  const status = String(route.status ?? 200);
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
  const list = success.type === 'array';
  const count = (description: string) => ({ description, schema: { type: 'integer' } });
  return {
    [status]: {
      description: status === '201' ? 'Created.' : 'Success.',
      ...(list ? { headers: { 'X-WP-Total': count('Items in all pages.'), 'X-WP-TotalPages': count('Pages.') } } : {}),
      content: { 'application/json': { schema: success } },
    },
    '400': error(
      'A parameter or the body is missing or invalid (`rest_missing_callback_param`, `rest_invalid_param`).',
    ),
    '401':
      route.auth === 'public'
        ? error('Credentials were sent and are not a valid application password.')
        : error('No application password, or not a valid one (`rest_forbidden`, `incorrect_password`, …).'),
    ...(route.auth === 'public' ? {} : { '403': error('The key’s user may not do this (`rest_forbidden`).') }),
    '429': error('Too many calls with this application password (`rest_too_many_requests`); see `Retry-After`.'),
    default: error('Any other error, in WordPress’s shape.'),
  };
}

/**
 * One zod schema as JSON Schema, without its `$schema` (the document's default dialect applies) and with
 * its `$defs` (recursive or registered parts) moved under components, prefixed with the operation.
 */
function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  name: string,
  schemas: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = converted;
  if (!$defs) return rest;
  const rename = (text: string) => text.replaceAll('"#/$defs/', `"#/components/schemas/${name}_`);
  for (const [key, def] of Object.entries($defs as Record<string, JsonSchema>)) {
    schemas[`${name}_${key}`] = JSON.parse(rename(JSON.stringify(def)));
  }
  return JSON.parse(rename(JSON.stringify(rest)));
}
