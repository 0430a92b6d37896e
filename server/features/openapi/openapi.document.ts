import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { ADMIN_SESSION_COOKIE } from '../../../domain/people';
import type { AudienceJsonDoc, JsonDoc, OperationDoc, ParamDoc, RequestDoc, ResponseDoc } from '../../http/operation';
import { COMPONENT_SCHEMAS, type ComponentName, type ComponentSchema } from '../../http/operation-schemas';

/** Bumped when the contract changes in a way clients must know of. */
export const CONTRACT_VERSION = '1.0.0';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};
export type Operation = Record<string, unknown> & {
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};

/**
 * Valibot actions that say more than JSON Schema can (trim, custom checks, transforms):
 * left out of the document; docs/api.md "OpenAPI" and its error messages describe them. Any
 * other unconvertible schema or action throws, so a new kind in domain/ is never silently
 * documented as "anything".
 */
const UNDOCUMENTED_ACTIONS = ['trim', 'check', 'transform', 'forward'];

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

function jsonDocSchema(doc: JsonDoc): Record<string, unknown> {
  if (typeof doc === 'string') return ref(doc);
  if ('listOf' in doc) return { type: 'array', items: ref(doc.listOf) };
  return { anyOf: doc.anyOf.map(ref) };
}

/**
 * A JSON media type object. Where a visitor's answer and an admin's differ, the schema admits
 * either and `x-visitor-schema` / `x-admin-schema` say which is whose (the contract test
 * checks each caller against its own).
 */
function jsonMedia(doc: AudienceJsonDoc): { schema: Record<string, unknown> } & Record<string, unknown> {
  if (typeof doc === 'object' && 'visitor' in doc) {
    const visitor = jsonDocSchema(doc.visitor);
    const admin = jsonDocSchema(doc.admin);
    return { schema: { anyOf: [visitor, admin] }, 'x-visitor-schema': visitor, 'x-admin-schema': admin };
  }
  return { schema: jsonDocSchema(doc) };
}

/**
 * domain/fields.ts `required(message, schema)` is `pipe(optional(unknown(), null), check, schema)`
 * so that a missing field gets its own message; the converter would document it as an optional
 * "anything". Such an entry is documented as the schema it wraps, and required.
 */
function wrappedByRequired(entry: v.GenericSchema): v.GenericSchema | null {
  const pipe = (entry as { pipe?: readonly { kind: string; type: string; wrapped?: { type: string } }[] }).pipe;
  if (!pipe || pipe[0]?.type !== 'optional' || pipe[0].wrapped?.type !== 'unknown') return null;
  const rest = pipe.slice(1);
  const first = rest.findIndex((item) => item.kind === 'schema');
  if (first === -1) return null;
  return v.pipe(...(rest.slice(first) as unknown as [v.GenericSchema]));
}

function convert(schema: v.GenericSchema, mode: 'input' | 'output'): JsonSchema {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: mode,
    errorMode: 'throw',
    ignoreActions: UNDOCUMENTED_ACTIONS,
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      const entries = (valibotSchema as { entries?: Record<string, v.GenericSchema> }).entries;
      if (valibotSchema.type !== 'object' || !entries || !jsonSchema.properties) return undefined;
      const required = new Set(jsonSchema.required ?? []);
      const properties = { ...jsonSchema.properties };
      for (const [key, entry] of Object.entries(entries)) {
        const inner = wrappedByRequired(entry);
        if (!inner) continue;
        properties[key] = convert(inner, mode);
        required.add(key);
      }
      return { ...jsonSchema, properties, required: Object.keys(properties).filter((k) => required.has(k)) };
    },
  };
  const { $schema: _drop, ...json } = toJsonSchema(schema, config);
  return json;
}

function component({ schema, mode, description, requireAll, partial }: ComponentSchema): JsonSchema {
  const json = convert(schema, mode);
  if (json.properties && requireAll) {
    const except = new Set(requireAll.except ?? []);
    json.required = Object.keys(json.properties).filter((k) => !except.has(k));
  }
  if (partial) json.required = [];
  return { ...json, description };
}

function parameter(where: 'query' | 'header' | 'path', p: ParamDoc) {
  return { name: p.name, in: where, description: p.description, required: where === 'path' || !!p.required, schema: p.schema };
}

function requestBody(body: RequestDoc) {
  const content: Record<string, { schema: Record<string, unknown> }> = {};
  if (body.json) content['application/json'] = { schema: jsonDocSchema(body.json) };
  if (body.multipart) {
    const { file, fileDescription, fields } = body.multipart;
    const fieldSchema = fields ? component(COMPONENT_SCHEMAS[fields]) : { properties: {}, required: [] };
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: { ...fieldSchema.properties, [file]: { type: 'string', contentMediaType: 'application/octet-stream', description: fileDescription } },
        required: [...(fieldSchema.required ?? []), file],
      },
    };
  }
  for (const [type, schema] of Object.entries(body.content ?? {})) content[type] = { schema };
  return { required: true, content };
}

function response({ description, json, content, headers }: ResponseDoc) {
  const out: Record<string, unknown> = { description };
  const media: Record<string, { schema: Record<string, unknown> }> = {};
  if (json) media['application/json'] = jsonMedia(json);
  for (const [type, schema] of Object.entries(content ?? {})) media[type] = { schema };
  if (Object.keys(media).length > 0) out.content = media;
  if (headers) out.headers = Object.fromEntries(Object.entries(headers).map(([name, d]) => [name, { description: d, schema: { type: 'string' } }]));
  return out;
}

const errorResponse = (description: string, headers?: Record<string, string>) => response({ description, json: 'Error', headers });
const RETRY_AFTER = { 'Retry-After': 'Seconds to wait.' };

/** The error answers many routes share (docs/api.md "Errors and limits"), written once in components.responses. */
const SHARED_RESPONSES = {
  Invalid: errorResponse('Validation failed: `issues` names each field with its message; or a malformed body.'),
  AdminKeyRequired: errorResponse('The admin key is missing or wrong.'),
  WrongAdminKey: errorResponse('A wrong admin key was sent (a wrong key is never ignored).'),
  NotOnThisTenantWatzhott: errorResponse('Not found, or asked on a tenant other than watzhott.'),
  NotOnThisTenantCaribbean: errorResponse('Not found, or asked on a tenant other than caribbean.'),
  IdempotencyConflict: errorResponse('The Idempotency-Key was used with another body, or its first request is still running.', RETRY_AFTER),
  BodyTooLarge: errorResponse('JSON body over 100 KB.'),
  NotJson: errorResponse('Not sent as application/json.'),
  RateLimited: errorResponse('Over 20 a minute from this address on this route.', RETRY_AFTER),
  LockedOut: errorResponse('This address (or, after 100 wrong keys from everyone, every address) is locked out of admin calls for now.', RETRY_AFTER),
  RateLimitedOrLockedOut: errorResponse('Over 20 a minute from this address on this route, or locked out of admin calls for now.', RETRY_AFTER),
  RoleCannot: errorResponse('`{"error":"Your role cannot do this"}`: a signed-in person whose role may not make this call; or a session-cookie write from another Origin.'),
  Error: errorResponse('Any other error; a 500 is always `{"error":"Internal error"}`.'),
};
type SharedResponse = keyof typeof SHARED_RESPONSES;
const shared = (name: SharedResponse) => ({ $ref: `#/components/responses/${name}` });

/** The statuses every route of a kind may answer, from its flags. */
function commonResponses(route: OperationDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const api = route.path.startsWith('/api/');
  if (route.body?.json || route.body?.multipart) out[400] = shared('Invalid');
  if (api) out[401] = shared(route.access === 'admin' ? 'AdminKeyRequired' : 'WrongAdminKey');
  if (api && route.access !== 'public') out[403] = shared('RoleCannot');
  if (route.tenant) out[404] = shared(route.tenant === 'watzhott' ? 'NotOnThisTenantWatzhott' : 'NotOnThisTenantCaribbean');
  if (route.body?.json) {
    out[413] = shared('BodyTooLarge');
    out[415] = shared('NotJson');
  }
  if (route.idempotent) out[409] = shared('IdempotencyConflict');
  const keyed = api && route.access !== 'public';
  if (route.rateLimited || keyed) out[429] = shared(route.rateLimited && keyed ? 'RateLimitedOrLockedOut' : route.rateLimited ? 'RateLimited' : 'LockedOut');
  if (api) out.default = shared('Error');
  return out;
}

function operation(route: OperationDoc): Operation {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => parameter('path', { name: m[1]!, description: 'Opaque id or name.', schema: { type: 'string' } }));
  const parameters = [
    ...pathParams,
    ...(route.path.startsWith('/api/') ? [{ $ref: '#/components/parameters/Tenant' }] : []),
    ...(route.query ?? []).map((p) => parameter('query', p)),
    ...(route.headers ?? []).map((p) => parameter('header', p)),
    ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const responses = { ...commonResponses(route), ...Object.fromEntries(Object.entries(route.responses).map(([status, r]) => [status, response(r)])) };
  const op: Record<string, unknown> = {
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route.body) } : {}),
    responses,
    security: route.access === 'admin' ? [{ adminKey: [] }, { adminSession: [] }] : route.access === 'visitor-or-admin' ? [{}, { adminKey: [] }, { adminSession: [] }] : [],
  };
  if (route.tenant) op['x-tenant'] = route.tenant;
  return op as Operation;
}

/** The OpenAPI 3.1 document of the HTTP contract (docs/api.md), from domain/ and the operations every feature declares. */
export function buildOpenApiDocument(routes: readonly OperationDoc[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  const schemas = Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, c]) => [name, component(c)]));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Caribbean radio and music community API',
      version: CONTRACT_VERSION,
      description:
        'One server, two tenants (watzhott and caribbean). Every /api error is JSON `{"error"}`; times are ISO 8601 UTC; ids are opaque. Every GET under /api sends an ETag and answers If-None-Match with 304. The prose contract is docs/api.md in the repository.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: SHARED_RESPONSES,
      parameters: {
        Tenant: {
          name: 'tenant',
          in: 'query',
          description: '`caribbean` selects the Caribbean Praise Radio tenant (so does a Host containing "caribbean"); anything else is watzhott.',
          required: false,
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          description: 'A repeat with the same key and body within 24 h answers the first answer and creates nothing.',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      securitySchemes: {
        adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key', description: 'The admin key, an owner named "admin key". A wrong key answers 401 on every route; 10 wrong keys from one address in 15 minutes lock it out (429).' },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: ADMIN_SESSION_COOKIE,
          description: 'A passkey sign-in\'s session (HttpOnly, SameSite=Strict, 30 days sliding), counted only on a request that also sends `x-admin-session: 1` (the admin screens do; without it the request is a visitor\'s). Roles: owner (everything), editor (shows, events, sponsors, the ad inventory, episodes), moderator (artists, tracks, prayers, shoutouts, the dashboard); another role answers 403. A write with this cookie from another Origin answers 403.',
        },
      },
    },
  };
}
