import Router from '@koa/router';
import { requireAdmin } from './admin-key';
import { jsonBody } from './body';
import type { AppContext, AppState, Deps, Middleware } from './context';
import { idempotent } from './idempotency';
import type { Operation, TenantOnly } from './operation';
import { COMPONENT_SCHEMAS, type ComponentName } from './operation-schemas';
import { rateLimit } from './rate-limit';
import { gateTenant } from './tenant-gate';
import { parseWith } from './validate';

/** `/api/shows/{id}` (OpenAPI) → `/api/shows/:id` (Koa). */
export const koaPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** What each feature's setup made, once per app. */
const made = new WeakMap<Deps, Map<Operation['setup'], unknown>>();

function stateOf(deps: Deps, setup: Operation['setup']): unknown {
  let states = made.get(deps);
  if (!states) made.set(deps, (states = new Map()));
  if (!states.has(setup)) states.set(setup, setup(deps));
  return states.get(setup);
}

/**
 * What a feature's setup made for this app, the same its operations share: for an answer given
 * before Koa that must hold the same state (the now-playing streams' hub and places).
 */
export const featureState = <S>(deps: Deps, setup: (deps: Deps) => S): S => stateOf(deps, setup) as S;

/** Read by the kept public answers' middleware once the chain has answered (http/public-answers.ts). */
const keepsPublicAnswers: Middleware = (ctx, next) => {
  ctx.state.publicUnchanged = true;
  return next();
};

const unless =
  (skip: ((ctx: AppContext) => boolean) | undefined, mw: Middleware): Middleware =>
    skip ? (ctx, next) => (skip(ctx) ? next() : mw(ctx, next)) : mw;

/**
 * The middleware of one operation, in the order every route has always had: the role check,
 * the rate limit, what runs before the body, the body parser, idempotency, then the handler
 * with the body checked against its schema (a 400 with one issue per field otherwise).
 */
function chain(deps: Deps, op: Operation): Middleware[] {
  const s = stateOf(deps, op.setup);
  const out: Middleware[] = [];
  if (op.keepsPublicAnswers) out.push(keepsPublicAnswers);
  const body = op.readBody ? op.readBody(s) : op.body?.json ? jsonBody(deps) : null;
  if (op.role) out.push(requireAdmin(deps, op.role));
  if (op.bodyFirst && body) out.push(body);
  if (op.rateLimit) {
    const { bucket, perMinute, skip, perProcess } = op.rateLimit;
    out.push(unless(skip, rateLimit(deps, bucket ?? `${op.method.toUpperCase()} ${koaPath(op.path)}`, perMinute, perProcess)));
  }
  if (op.before) out.push(op.before(s));
  if (!op.bodyFirst && body) out.push(body);
  if (op.idempotent) out.push(unless(op.skipIdempotency, idempotent(deps)));
  const checked = op.body && !op.body.unchecked && !op.body.multipart && typeof op.body.json === 'string' ? COMPONENT_SCHEMAS[op.body.json as ComponentName].schema : null;
  out.push(async (ctx, next) => {
    await op.handle(ctx, s, checked ? parseWith(checked, ctx.state.body) : undefined, next);
  });
  return out;
}

/**
 * The routes of a list of operations, as one @koa/router. A tenant-only noun answers its 404
 * for every path under its prefix, routed or not (http/tenant-gate.ts).
 */
export function mount(deps: Deps, operations: readonly Operation[]): Router<AppState> {
  const router = new Router<AppState>();
  const gates = new Map<string, TenantOnly>();
  for (const op of operations) if (op.tenantOnly) gates.set(op.path.split('/{')[0]!, op.tenantOnly);
  for (const [prefix, only] of gates) gateTenant(router, prefix, (tenant) => tenant === only.tenant, only.message);
  for (const op of operations) router[op.method](koaPath(op.path), ...chain(deps, op));
  return router;
}
