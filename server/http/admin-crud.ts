import type * as v from 'valibot';
import type { AdminArea } from '../../domain/people';
import type { Tenant } from '../../domain/tenants';
import { inTransaction } from '../db/in-transaction';
import type { Db } from '../db/knex';
import { recordActivity, type ActivityInput } from '../features/activity/activity.repository';
import type { AppContext, Deps } from './context';
import { notFound } from './errors';
import { ADMIN_LIST_HEADERS, DELETED, LIST_QUERY, type Access, type AudienceJsonDoc, type Operation, type OperationDef, type ParamDoc, type RequestDoc, type ResponseDoc } from './operation';
import { COMPONENT_SCHEMAS, type ComponentName } from './operation-schemas';
import { deleteUploadedFiles } from '../media/media-files';
import { mergePatch, parseWith } from './validate';

/**
 * A collection of the contract (docs/api.md): where it is, how its items are documented, who
 * may write it, and how its rows read in the activity log.
 */
export interface Collection<T> {
  path: string;
  tag: string;
  /** The component of one item, e.g. 'Show'. */
  component: ComponentName;
  /** docs/api.md, "Admins who are people": the roles' area. */
  area: AdminArea;
  /** The noun, and the target's type in the log, e.g. 'show'. */
  type: string;
  /** The row in a summary, e.g. `Morning Praise`. */
  label: (item: T) => string;
  /** The 404's message, e.g. 'Show not found'. */
  notFoundMessage: string;
  /** Whether an unknown id's 404 is documented on PATCH and DELETE (not where the tenant's 404 says it). */
  documentsNotFound?: boolean;
}

/** What the operations of a feature that writes as an admin were made with. */
type WithDeps = { deps: Deps };
/** A feature's operation kit (operation.ts operationsWith). */
export type Kit<S> = <B extends RequestDoc | undefined = undefined>(def: OperationDef<S, B>) => Operation;

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

/** The entry of an admin write: `verb` in the summary ("approved"), `action` after the type ("approve"). */
const entry = <T extends { id: string }>(c: Collection<T>, action: string, verb: string, item: T): ActivityInput => ({
  action: `${c.type}.${action}`,
  target: { type: c.type, id: item.id },
  summary: `${verb} ${c.type} ${c.label(item)}`,
});

const item = (c: { path: string }) => `${c.path}/{id}`;
const notFoundDoc = (c: { type: string; documentsNotFound?: boolean }): Record<number, ResponseDoc> =>
  c.documentsNotFound === false ? {} : { 404: { description: `No such ${c.type}.`, json: 'Error' } };

/** GET of the collection: paged (docs/api.md "Lists"); admins also get X-Total-Count. */
export function listDoc<T>(c: Collection<T>, summary: string, doc: { description?: string; access?: Access; role?: AdminArea; query?: ParamDoc[]; answer: string; json?: AudienceJsonDoc }) {
  return {
    method: 'get' as const,
    path: c.path,
    tag: c.tag,
    summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.access ? { access: doc.access } : {}),
    ...(doc.role ? { role: doc.role } : {}),
    query: doc.query ?? LIST_QUERY,
    responses: { 200: { description: doc.answer, json: doc.json ?? { listOf: c.component }, headers: ADMIN_LIST_HEADERS } },
  };
}

/** A visitor's POST of a new item (docs/api.md: public writes are rate-limited and take an Idempotency-Key). */
export function publicSubmitDoc<T, N extends ComponentName>(c: Collection<T>, summary: string, input: N, stored: string, json: AudienceJsonDoc = c.component) {
  return {
    method: 'post' as const,
    path: c.path,
    tag: c.tag,
    summary,
    rateLimit: true as const,
    idempotent: true as const,
    body: { json: input },
    responses: { 201: { description: stored, json } },
  };
}

/** An admin's POST of a new item: 201 with the item. */
export function adminCreateDoc<T, N extends ComponentName>(c: Collection<T>, summary: string, input: N) {
  return {
    method: 'post' as const,
    path: c.path,
    tag: c.tag,
    summary,
    role: c.area,
    body: { json: input },
    responses: { 201: { description: `The ${c.type}.`, json: c.component } },
  };
}

/** An admin's PATCH of one item, with its own input: 200 with the item. */
export function changeDoc<T, N extends ComponentName>(c: Collection<T>, summary: string, input: N) {
  return {
    method: 'patch' as const,
    path: item(c),
    tag: c.tag,
    summary,
    role: c.area,
    body: { json: input },
    responses: { 200: { description: `The ${c.type}.`, json: c.component }, ...notFoundDoc(c) },
  };
}

/** An admin's DELETE of one item: 204. */
export function deleteDoc<T>(c: Collection<T>, summary: string, description?: string) {
  return {
    method: 'delete' as const,
    path: item(c),
    tag: c.tag,
    summary,
    ...(description ? { description } : {}),
    role: c.area,
    responses: { 204: DELETED, ...notFoundDoc(c) },
  };
}

type Repository<T> = (db: Db) => {
  create(tenant: Tenant, input: never, now: number): Promise<T>;
  find(tenant: Tenant, id: string): Promise<T | null>;
  update(tenant: Tenant, id: string, input: never): Promise<T | null>;
  remove(tenant: Tenant, id: string): Promise<boolean>;
};

/** POST for admins: the checked input is created (201) with its activity entry. */
export function adminCreate<S extends WithDeps, T extends { id: string }>(op: Kit<S>, c: Collection<T>, doc: { summary: string; input: ComponentName }, repositoryOf: (db: Db) => Pick<ReturnType<Repository<T>>, 'create'>): Operation {
  return op({
    ...adminCreateDoc(c, doc.summary, doc.input),
    handle: async (ctx, { deps }, input) => {
      ctx.status = 201;
      ctx.body = await withActivity(deps, ctx, (trx) => repositoryOf(trx).create(ctx.state.tenant, input as never, deps.now()), (made) => entry(c, 'create', 'added', made));
    },
  });
}

/**
 * PATCH for a resource whose whole shape is one schema (shows, events): the body is merged
 * into the stored item and the result checked against the same schema (`whole`).
 */
export function adminMerge<S extends WithDeps, T extends { id: string }>(op: Kit<S>, c: Collection<T>, doc: { summary: string; input: ComponentName; whole: ComponentName }, repositoryOf: (db: Db) => Pick<ReturnType<Repository<T>>, 'find' | 'update'>): Operation {
  const schema: v.GenericSchema = COMPONENT_SCHEMAS[doc.whole].schema;
  return op({
    ...changeDoc(c, doc.summary, doc.input),
    body: { json: doc.input, unchecked: true },
    handle: async (ctx, { deps }) => {
      ctx.body = await withActivity(
        deps,
        ctx,
        async (trx) => {
          const repository = repositoryOf(trx);
          const current = await repository.find(ctx.state.tenant, ctx.params.id!);
          if (!current) throw notFound(c.notFoundMessage);
          const input = parseWith(schema, mergePatch(current, ctx.state.body));
          return (await repository.update(ctx.state.tenant, current.id, input as never))!;
        },
        (changed) => entry(c, 'update', 'changed', changed),
      );
    },
  });
}

/**
 * PATCH for a resource with its own patch schema (ads, sponsors): the checked patch goes to
 * the repository as it is. `verb` is the summary's word for a patch ('changed' unless given).
 */
export function adminPatch<S extends WithDeps, T extends { id: string }, N extends ComponentName>(
  op: Kit<S>,
  c: Collection<T>,
  doc: { summary: string; input: N },
  repositoryOf: (db: Db) => Pick<ReturnType<Repository<T>>, 'update'>,
  verb: (patch: v.InferOutput<(typeof COMPONENT_SCHEMAS)[N]['schema']>) => string = () => 'changed',
): Operation {
  return op({
    ...changeDoc(c, doc.summary, doc.input),
    handle: async (ctx, { deps }, patch) => {
      ctx.body = await withActivity(
        deps,
        ctx,
        async (trx) => {
          const changed = await repositoryOf(trx).update(ctx.state.tenant, ctx.params.id!, patch as never);
          if (!changed) throw notFound(c.notFoundMessage);
          return changed;
        },
        (changed) => entry(c, 'update', verb(patch as never), changed),
      );
    },
  });
}

/** DELETE for admins: 204, or the collection's 404 when there is no such item. */
export function adminDelete<S extends WithDeps, T extends { id: string }>(op: Kit<S>, c: Collection<T>, doc: { summary: string; description?: string }, repositoryOf: (db: Db) => Pick<ReturnType<Repository<T>>, 'find' | 'remove'>): Operation {
  return op({
    ...deleteDoc(c, doc.summary, doc.description),
    handle: async (ctx, { deps }) => {
      await withActivity(
        deps,
        ctx,
        async (trx) => {
          const repository = repositoryOf(trx);
          const found = await repository.find(ctx.state.tenant, ctx.params.id!);
          if (!found || !(await repository.remove(ctx.state.tenant, found.id))) throw notFound(c.notFoundMessage);
          return found;
        },
        (gone) => entry(c, 'delete', 'deleted', gone),
      );
      ctx.status = 204;
    },
  });
}

/**
 * DELETE of an item whose uploaded files go with it (artists, tracks, shoutouts): `remove`
 * deletes the row in the transaction and answers it with its files' URLs; the files are
 * deleted after the commit, so a rolled-back delete never loses its files.
 */
export function adminDeleteWithFiles<S extends WithDeps, T extends { id: string }>(
  op: Kit<S>,
  c: Collection<T>,
  doc: { summary: string; description: string },
  remove: (trx: Db, ctx: AppContext) => Promise<{ item: T; fileUrls: readonly (string | null | undefined)[] } | null>,
  /** The activity summary; "deleted <type> <label>" unless given. */
  summary: (item: T) => string = (item) => `deleted ${c.type} ${c.label(item)}`,
): Operation {
  return op({
    ...deleteDoc(c, doc.summary, doc.description),
    handle: async (ctx, { deps }) => {
      const removed = await withActivity(
        deps,
        ctx,
        async (trx) => {
          const gone = await remove(trx, ctx);
          if (!gone) throw notFound(c.notFoundMessage);
          return gone;
        },
        ({ item }) => ({ action: `${c.type}.delete`, target: { type: c.type, id: item.id }, summary: summary(item) }),
      );
      await deleteUploadedFiles(deps, removed.fileUrls);
      ctx.status = 204;
    },
  });
}

/**
 * Approves or rejects one item (prayers, shoutouts) with its activity entry: "approved
 * prayer from Ann". An unknown id is the collection's 404.
 */
export async function moderate<T extends { id: string }>(
  deps: Deps,
  ctx: AppContext,
  c: Collection<T>,
  approved: boolean,
  repositoryOf: (db: Db) => { setApproved(tenant: Tenant, id: string, approved: boolean, now: number): Promise<T | null> },
): Promise<T> {
  return withActivity(
    deps,
    ctx,
    async (trx) => {
      const moderated = await repositoryOf(trx).setApproved(ctx.state.tenant, ctx.params.id!, approved, deps.now());
      if (!moderated) throw notFound(c.notFoundMessage);
      return moderated;
    },
    (moderated) => ({ action: `${c.type}.${moderationVerb(approved)}`, target: { type: c.type, id: moderated.id }, summary: `${moderationWord(approved)} ${c.label(moderated)}` }),
  );
}

/** A moderation's action name: approve, reject, or update when neither was asked. */
export const moderationVerb = (approved: boolean | undefined): string => (approved === true ? 'approve' : approved === false ? 'reject' : 'update');
/** The same in a summary ("approved artist Kes"). */
export const moderationWord = (approved: boolean | undefined): string => (approved === true ? 'approved' : approved === false ? 'rejected' : 'changed');
