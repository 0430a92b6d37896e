import type Router from '@koa/router';
import type * as v from 'valibot';
import type { Tenant } from '../../domain/tenants';
import { requireAdmin } from './admin-key';
import { jsonBody } from './body';
import type { AppState, Deps } from './context';
import { notFound } from './errors';
import { mergePatch, parseWith } from './validate';

/** What a tenant's admin-written resource keeps (shows, events). */
export interface AdminWritable<S extends v.GenericSchema, T extends { id: string }> {
  create(tenant: Tenant, input: v.InferOutput<S>, now: number): Promise<T>;
  find(tenant: Tenant, id: string): Promise<T | null>;
  update(tenant: Tenant, id: string, input: v.InferOutput<S>): Promise<T | null>;
  remove(tenant: Tenant, id: string): Promise<boolean>;
}

/**
 * The admin writes of a resource whose whole shape is one schema (docs/api.md): POST creates
 * (201), PATCH merges the body into the stored item and checks the result against the same
 * schema, DELETE removes (204); an unknown id is a 404 with `notFoundMessage`.
 */
export function adminWriteRoutes<S extends v.GenericSchema, T extends { id: string }>(
  router: Router<AppState>,
  deps: Deps,
  schema: S,
  repository: AdminWritable<S, T>,
  notFoundMessage: string,
): void {
  adminCreateRoute(router, deps, schema, repository);

  router.patch('/:id', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const current = await repository.find(ctx.state.tenant, ctx.params.id!);
    if (!current) throw notFound(notFoundMessage);
    const input = parseWith(schema, mergePatch(current, ctx.state.body));
    ctx.body = await repository.update(ctx.state.tenant, current.id, input);
  });

  adminDeleteRoute(router, deps, repository, notFoundMessage);
}

/** POST / for admins: the checked input is created (201). */
export function adminCreateRoute<S extends v.GenericSchema, T>(
  router: Router<AppState>,
  deps: Deps,
  schema: S,
  repository: { create(tenant: Tenant, input: v.InferOutput<S>, now: number): Promise<T> },
): void {
  router.post('/', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const input = parseWith(schema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await repository.create(ctx.state.tenant, input, deps.now());
  });
}

/**
 * PATCH /:id for a resource with its own patch schema (ads, sponsors): the checked patch goes
 * to the repository as it is; an unknown id is a 404 with `notFoundMessage`.
 */
export function adminPatchRoute<S extends v.GenericSchema, T>(
  router: Router<AppState>,
  deps: Deps,
  patchSchema: S,
  repository: { update(tenant: Tenant, id: string, patch: v.InferOutput<S>): Promise<T | null> },
  notFoundMessage: string,
): void {
  router.patch('/:id', requireAdmin(deps), jsonBody(deps), async (ctx) => {
    const patch = parseWith(patchSchema, ctx.state.body);
    const item = await repository.update(ctx.state.tenant, ctx.params.id!, patch);
    if (!item) throw notFound(notFoundMessage);
    ctx.body = item;
  });
}

/** DELETE /:id for admins: 204, or a 404 with `notFoundMessage` when there is no such item. */
export function adminDeleteRoute(
  router: Router<AppState>,
  deps: Deps,
  repository: { remove(tenant: Tenant, id: string): Promise<boolean> },
  notFoundMessage: string,
): void {
  router.delete('/:id', requireAdmin(deps), async (ctx) => {
    if (!(await repository.remove(ctx.state.tenant, ctx.params.id!))) throw notFound(notFoundMessage);
    ctx.status = 204;
  });
}
