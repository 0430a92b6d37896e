import { isUniqueViolation } from '../db/knex';
import type { AppContext, Deps, Middleware } from './context';
import { toErrorResponse } from './error-handler';
import { HttpError, badRequest, conflict } from './errors';

interface StoredAnswer {
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_ms: number | string;
}

/**
 * api.md Idempotency: a repeat with the same Idempotency-Key and the same body within 24 h
 * gets the first answer (status and body) and creates nothing; the same key with another
 * body answers 409. The offline outbox relies on this to deliver exactly once.
 * Runs after the body parser, which leaves ctx.state.fingerprint.
 */
export function idempotent(deps: Deps): Middleware {
  return async (ctx, next) => {
    const key = ctx.get('idempotency-key');
    if (!key) return next();
    if (key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters');
    const scope = `${ctx.state.tenant} ${ctx.method} ${ctx.path}`.slice(0, 200);
    const fingerprint = ctx.state.fingerprint ?? '';

    const existing = await claim(deps, scope, key, fingerprint);
    if (existing) return replay(ctx, existing, fingerprint);

    try {
      await next();
    } catch (err) {
      const res = toErrorResponse(err);
      if (res.status < 500) await remember(deps, scope, key, res.status, res.body);
      else await forget(deps, scope, key);
      throw err;
    }
    if (ctx.status < 500) await remember(deps, scope, key, ctx.status, ctx.body ?? null);
    else await forget(deps, scope, key);
  };
}

/** Inserts a pending row for this key, or returns the row a first request left. */
async function claim(deps: Deps, scope: string, key: string, fingerprint: string): Promise<StoredAnswer | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await deps.db('idempotency_keys').insert({ scope, key, fingerprint, status: null, body: null, created_ms: deps.now() });
      return null;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = (await deps.db('idempotency_keys').where({ scope, key }).first()) as StoredAnswer | undefined;
    if (!row) continue; // pruned between the two statements: claim again
    if (Number(row.created_ms) < deps.now() - deps.config.limits.idempotencyTtlMs) {
      await deps.db('idempotency_keys').where({ scope, key }).delete();
      continue;
    }
    return row;
  }
  throw conflict('Idempotency-Key is busy, try again');
}

function replay(ctx: AppContext, row: StoredAnswer, fingerprint: string): void {
  if (row.fingerprint !== fingerprint) {
    throw conflict('This Idempotency-Key was already used for a different request');
  }
  if (row.status === null) {
    throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', undefined, { 'Retry-After': '1' });
  }
  ctx.status = Number(row.status);
  ctx.body = row.body === null ? null : JSON.parse(row.body);
  ctx.set('Idempotent-Replayed', 'true');
  ctx.set('Cache-Control', 'no-store');
}

async function remember(deps: Deps, scope: string, key: string, status: number, body: unknown): Promise<void> {
  await deps.db('idempotency_keys').where({ scope, key }).update({ status, body: JSON.stringify(body) });
}

async function forget(deps: Deps, scope: string, key: string): Promise<void> {
  await deps.db('idempotency_keys').where({ scope, key }).delete();
}

export async function pruneIdempotencyKeys(deps: Deps): Promise<void> {
  await deps.db('idempotency_keys').where('created_ms', '<', deps.now() - deps.config.limits.idempotencyTtlMs).delete();
}
