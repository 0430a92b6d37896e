import type Router from '@koa/router';
import type * as v from 'valibot';
import type { AdminArea } from '../../domain/people';
import type { Tenant } from '../../domain/tenants';
import { inTransaction } from '../db/in-transaction';
import type { Db } from '../db/knex';
import { recordActivity, type ActivityInput } from './activity.repository';
import { requireAdmin } from './admin-key';
import { jsonBody } from './body';
import type { AppContext, AppState, Deps } from './context';
import { notFound } from './errors';
import { mergePatch, parseWith } from './validate';

/** What a tenant's admin-written resource keeps (shows, events). */
export interface AdminWritable<S extends v.GenericSchema, T extends { id: string }> {
  create(tenant: Tenant, input: v.InferOutput<S>, now: number): Promise<T>;
  find(tenant: Tenant, id: string): Promise<T | null>;
  update(tenant: Tenant, id: string, input: v.InferOutput<S>): Promise<T | null>;
  remove(tenant: Tenant, id: string): Promise<boolean>;
}

/** Who may write a resource and how its rows read in the activity log. */
export interface AdminResource<T> {
  /** docs/api.md, "Admins who are people": the roles' areas. */
  area: AdminArea;
  /** The target's type in the log, e.g. 'show'. */
  type: string;
  /** The row in a summary, e.g. `Morning Praise`. */
  label: (item: T) => string;
}

/**
 * Runs an admin write and its one activity entry in the same transaction: `work` gets the
 * transaction to build its repositories on; `describe` turns its result into the entry.
 */
export async function withActivity<R>(deps: Deps, ctx: AppContext, work: (trx: Db) => Promise<R>, describe: (result: R) => ActivityInput): Promise<R> {
  return inTransaction(deps.db, async (trx) => {
    const result = await work(trx);
    await recordActivity(trx, ctx.state.actor, { tenant: ctx.state.tenant, ...describe(result), at: deps.now() });
    return result;
  });
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
  repositoryOf: (db: Db) => AdminWritable<S, T>,
  resource: AdminResource<T>,
  notFoundMessage: string,
): void {
  adminCreateRoute(router, deps, schema, repositoryOf, resource);

  router.patch('/:id', requireAdmin(deps, resource.area), jsonBody(deps), async (ctx) => {
    ctx.body = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const repository = repositoryOf(trx);
        const current = await repository.find(ctx.state.tenant, ctx.params.id!);
        if (!current) throw notFound(notFoundMessage);
        const input = parseWith(schema, mergePatch(current, ctx.state.body));
        return (await repository.update(ctx.state.tenant, current.id, input))!;
      },
      (item) => ({ action: `${resource.type}.update`, target: { type: resource.type, id: item.id }, summary: `changed ${resource.type} ${resource.label(item)}` }),
    );
  });

  adminDeleteRoute(router, deps, repositoryOf, resource, notFoundMessage);
}

/** POST / for admins: the checked input is created (201). */
export function adminCreateRoute<S extends v.GenericSchema, T extends { id: string }>(
  router: Router<AppState>,
  deps: Deps,
  schema: S,
  repositoryOf: (db: Db) => { create(tenant: Tenant, input: v.InferOutput<S>, now: number): Promise<T> },
  resource: AdminResource<T>,
): void {
  router.post('/', requireAdmin(deps, resource.area), jsonBody(deps), async (ctx) => {
    const input = parseWith(schema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await withActivity(
      deps,
      ctx,
      (trx) => repositoryOf(trx).create(ctx.state.tenant, input, deps.now()),
      (item) => ({ action: `${resource.type}.create`, target: { type: resource.type, id: item.id }, summary: `added ${resource.type} ${resource.label(item)}` }),
    );
  });
}

/**
 * PATCH /:id for a resource with its own patch schema (ads, sponsors): the checked patch goes
 * to the repository as it is; an unknown id is a 404 with `notFoundMessage`.
 */
export function adminPatchRoute<S extends v.GenericSchema, T extends { id: string }>(
  router: Router<AppState>,
  deps: Deps,
  patchSchema: S,
  repositoryOf: (db: Db) => { update(tenant: Tenant, id: string, patch: v.InferOutput<S>): Promise<T | null> },
  resource: AdminResource<T>,
  notFoundMessage: string,
  /** The summary's verb for a patch, e.g. 'approved' for a sponsor whose status became active; 'changed' unless given. */
  verb: (patch: v.InferOutput<S>) => string = () => 'changed',
): void {
  router.patch('/:id', requireAdmin(deps, resource.area), jsonBody(deps), async (ctx) => {
    const patch = parseWith(patchSchema, ctx.state.body);
    ctx.body = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const item = await repositoryOf(trx).update(ctx.state.tenant, ctx.params.id!, patch);
        if (!item) throw notFound(notFoundMessage);
        return item;
      },
      (item) => ({ action: `${resource.type}.update`, target: { type: resource.type, id: item.id }, summary: `${verb(patch)} ${resource.type} ${resource.label(item)}` }),
    );
  });
}

/** DELETE /:id for admins: 204, or a 404 with `notFoundMessage` when there is no such item. */
export function adminDeleteRoute<T extends { id: string }>(
  router: Router<AppState>,
  deps: Deps,
  repositoryOf: (db: Db) => { find(tenant: Tenant, id: string): Promise<T | null>; remove(tenant: Tenant, id: string): Promise<boolean> },
  resource: AdminResource<T>,
  notFoundMessage: string,
): void {
  router.delete('/:id', requireAdmin(deps, resource.area), async (ctx) => {
    await withActivity(
      deps,
      ctx,
      async (trx) => {
        const repository = repositoryOf(trx);
        const item = await repository.find(ctx.state.tenant, ctx.params.id!);
        if (!item || !(await repository.remove(ctx.state.tenant, item.id))) throw notFound(notFoundMessage);
        return item;
      },
      (item) => ({ action: `${resource.type}.delete`, target: { type: resource.type, id: item.id }, summary: `deleted ${resource.type} ${resource.label(item)}` }),
    );
    ctx.status = 204;
  });
}

/** A moderation's action name: approve, reject, or update when neither was asked. */
export const moderationVerb = (approved: boolean | undefined): string => (approved === true ? 'approve' : approved === false ? 'reject' : 'update');
/** The same in a summary ("approved artist Kes"). */
export const moderationWord = (approved: boolean | undefined): string => (approved === true ? 'approved' : approved === false ? 'rejected' : 'changed');
