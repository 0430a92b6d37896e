import type * as v from 'valibot';
import type { AdminArea } from '../../domain/people';
import type { Tenant } from '../../domain/tenants';
import type { AppContext, Deps, Middleware } from './context';
import type { COMPONENT_SCHEMAS, ComponentName } from './operation-schemas';

/**
 * One operation of the HTTP contract, declared once: its method and path, who may call it,
 * its rate limit and idempotency, its request and answer schemas (named components of
 * operation-schemas.ts, taken from domain/) and its handler. mount.ts builds the Koa routes
 * from these declarations and features/openapi builds the OpenAPI document from the same ones
 * (docs/api.md "OpenAPI").
 */

export type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call it. `public`: anyone (a wrong key is still a 401). `admin`: a valid
 * x-admin-key or session. `visitor-or-admin`: both, and the admin's answer is fuller.
 */
export type Access = 'public' | 'admin' | 'visitor-or-admin';

export interface ParamDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  required?: boolean;
}

/** A JSON body or answer: one component, a list of one, or any of several. */
export type JsonDoc = ComponentName | { anyOf: ComponentName[] } | { listOf: ComponentName };

/** An answer that differs between a visitor and an admin (documented as either, and each in an x- extension). */
export type AudienceJsonDoc = JsonDoc | { visitor: JsonDoc; admin: JsonDoc };

export interface ResponseDoc {
  description: string;
  json?: AudienceJsonDoc;
  /** Other content: media type → OpenAPI schema. */
  content?: Record<string, Record<string, unknown>>;
  headers?: Record<string, string>;
}

export interface RequestDoc {
  /** A JSON body of this component: mount.ts checks it and hands the handler the result (unless `unchecked`). */
  json?: JsonDoc;
  /** multipart/form-data: the file field, and the text fields' component. */
  multipart?: { file: string; fileDescription: string; fields?: ComponentName };
  /** Any other body: media type → OpenAPI schema. */
  content?: Record<string, Record<string, unknown>>;
  /** The handler checks the body itself (a PATCH merged over the stored row, an optional body). */
  unchecked?: true;
}

/** What the OpenAPI document says of an operation. */
export interface OperationDoc {
  method: Method;
  /** OpenAPI path template, e.g. /api/artists/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Tenant-gated: 404 on the other tenant. */
  tenant?: Tenant;
  /** Public writes: 20 a minute per route per client address. */
  rateLimited?: boolean;
  /** Accepts an Idempotency-Key header. */
  idempotent?: boolean;
  query?: ParamDoc[];
  headers?: ParamDoc[];
  body?: RequestDoc;
  responses: Record<number, ResponseDoc>;
}

/** docs/api.md, Errors and limits: counted per client address in the bucket (default `METHOD /koa/path`). */
export interface RateLimit {
  bucket?: string;
  perMinute?: (limits: Deps['config']['limits']) => number;
  /** A request this says is not a public write goes uncounted (a moderation on a path visitors write to). */
  skip?: (ctx: AppContext) => boolean;
  /** Counted in this process's memory, not the database (http/rate-limit.ts): for a route too frequent for a round trip each. */
  perProcess?: true;
}

/** Only the watzhott or the caribbean tenant has this noun: 404 with `message` on the other. */
export interface TenantOnly {
  tenant: Tenant;
  message: string;
}

/** The input a handler gets: a JSON body of one component, checked; nothing otherwise. */
export type InputOf<B> = B extends { unchecked: true }
  ? undefined
  : B extends { multipart: object }
    ? undefined
    : B extends { json: infer J }
      ? J extends ComponentName
        ? v.InferOutput<(typeof COMPONENT_SCHEMAS)[J]['schema']>
        : undefined
      : undefined;

/** An operation as a feature writes it; `S` is what its feature's setup made (repositories, services). */
export interface OperationDef<S, B extends RequestDoc | undefined> extends Omit<OperationDoc, 'access' | 'rateLimited' | 'idempotent' | 'body' | 'tenant' | 'tag'> {
  /** Default: the feature's tag (`operationsWith`). */
  tag?: string;
  /** Default: `admin` when `role` is given, else `public`. */
  access?: Access;
  /** The admin area whose roles may call it (docs/api.md "Admins who are people"): requireAdmin first. */
  role?: AdminArea;
  rateLimit?: true | RateLimit;
  idempotent?: true | { skip: (ctx: AppContext) => boolean };
  body?: B;
  /** Runs after the rate limit, before the body is read (a setting that closes the route, tus creation checks). */
  before?: (s: S) => Middleware;
  /** The body parser when the body is not JSON alone (multipart, or a choice); jsonBody for a JSON body otherwise. */
  readBody?: (s: S) => Middleware;
  /** Reads the body before the rate limit and idempotency, whose `skip` looks at it. */
  bodyFirst?: true;
  /**
   * A write that changes none of the kept public answers (a chat message, a listening beacon):
   * they stay kept, and no other process is told to drop them (http/public-answers.ts).
   */
  keepsPublicAnswers?: true;
  /** Sets the answer; `next` passes the request on (a stored file this server does not have). */
  handle: (ctx: AppContext, s: S, input: InputOf<B>, next: () => Promise<unknown>) => unknown;
}

/** An operation with its types erased, as mount.ts and the document read it. */
export interface Operation extends OperationDoc {
  role?: AdminArea;
  rateLimit?: RateLimit;
  skipIdempotency?: (ctx: AppContext) => boolean;
  tenantOnly?: TenantOnly;
  before?: (s: unknown) => Middleware;
  readBody?: (s: unknown) => Middleware;
  bodyFirst?: true;
  keepsPublicAnswers?: true;
  /** Made once per app (per Deps) and shared by the operations of one `operationsWith`. */
  setup: (deps: Deps) => unknown;
  handle: (ctx: AppContext, s: unknown, input: unknown, next: () => Promise<unknown>) => unknown;
}

/**
 * The operations of one feature share what `setup` makes from the app's Deps (repositories,
 * services that keep state) once per app. `shared` applies to each of them: the document's
 * tag (unless one says its own) and a tenant gate.
 */
export function operationsWith<S>(setup: (deps: Deps) => S, shared: { tag?: string; tenantOnly?: TenantOnly } = {}) {
  return <B extends RequestDoc | undefined = undefined>(def: OperationDef<S, B>): Operation => {
    const { access, rateLimit, idempotent, body, ...rest } = def;
    const tenantOnly = shared.tenantOnly;
    const tag = rest.tag ?? shared.tag;
    if (tag === undefined) throw new Error(`${def.method.toUpperCase()} ${def.path}: no tag, neither its own nor its feature's`);
    return {
      ...rest,
      tag,
      access: access ?? (def.role ? 'admin' : 'public'),
      ...(tenantOnly ? { tenant: tenantOnly.tenant, tenantOnly } : {}),
      ...(rateLimit ? { rateLimited: true, rateLimit: rateLimit === true ? {} : rateLimit } : {}),
      ...(idempotent ? { idempotent: true, ...(idempotent !== true ? { skipIdempotency: idempotent.skip } : {}) } : {}),
      ...(body ? { body } : {}),
      setup,
    } as Operation;
  };
}

/** docs/api.md "Lists": every list route pages the same way. */
export const LIST_QUERY: ParamDoc[] = [
  { name: 'limit', description: 'At most this many rows (1–100), in the usual order. Without it, the whole list.', schema: { type: 'integer', minimum: 1, maximum: 100 } },
  { name: 'cursor', description: "Opaque: the value the previous page's `Link: rel=\"next\"` carried.", schema: { type: 'string' } },
];
export const ADMIN_LIST_HEADERS = {
  Link: '`<…&cursor=…>; rel="next"` when `limit` was given and more rows follow.',
  'X-Total-Count': 'Admin lists: the number of rows the query matches.',
};
export const APPROVED_QUERY: ParamDoc = { name: 'approved', description: '`true` or `false`.', schema: { type: 'string', enum: ['true', 'false'] } };
export const DELETED: ResponseDoc = { description: 'Deleted.' };
export const RETRY_AFTER = { 'Retry-After': 'Seconds to wait.' };
