import type { AppContext, Deps, Middleware } from './context';
import { toErrorResponse } from './error-handler';
import { HttpError, badRequest, conflict } from './errors';
import { idempotencyKeysRepository, type IdempotencyRecord } from '../db/idempotency-keys.repository';

/**
 * docs/api.md Idempotency: a repeat with the same Idempotency-Key and the same body within
 * 24 h gets the first answer (status and body) and creates nothing; the same key with another
 * body answers 409; a repeat while the first is still in progress answers 409 with
 * Retry-After, and a record left in progress (the process died, or saving the answer failed)
 * expires after 60 s so that a retry then runs afresh: retries always end.
 * The offline outbox relies on this to deliver exactly once.
 * Runs after the body parser, which leaves ctx.state.fingerprint.
 */
export function idempotent(deps: Deps): Middleware {
  const records = idempotencyKeysRepository(deps.db);
  const { idempotencyTtlMs: ttl, idempotencyPendingMs: pendingTtl } = deps.config.limits;

  /** Claims the key for this request, or returns the live record another request left. */
  async function claim(scope: string, key: string, fingerprint: string): Promise<IdempotencyRecord | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await records.insertPending(scope, key, fingerprint, deps.now())) return null;
      const found = await records.find(scope, key);
      if (!found) continue; // pruned between the two statements: claim again
      const age = deps.now() - found.createdMs;
      if (age >= ttl || (found.status === null && age >= pendingTtl)) {
        await records.removeIfCreatedAt(scope, key, found.createdMs);
        continue;
      }
      return found;
    }
    throw conflict('Idempotency-Key is busy, try again');
  }

  function replay(ctx: AppContext, found: IdempotencyRecord, fingerprint: string): void {
    if (found.fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different request');
    }
    if (found.status === null) {
      // Soon, normally: the first request is being answered. At the latest when the record expires.
      const expiresIn = Math.ceil((found.createdMs + pendingTtl - deps.now()) / 1000);
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', undefined, {
        'Retry-After': String(Math.max(1, Math.min(expiresIn, 5))),
      });
    }
    ctx.status = found.status;
    ctx.body = found.body === null ? null : JSON.parse(found.body);
    ctx.set('Idempotent-Replayed', 'true');
    ctx.set('Cache-Control', 'no-store');
  }

  return async (ctx, next) => {
    const key = ctx.get('idempotency-key');
    if (!key) return next();
    if (key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters');
    const scope = `${ctx.state.tenant} ${ctx.method} ${ctx.path}`.slice(0, 200);
    const fingerprint = ctx.state.fingerprint ?? '';

    const existing = await claim(scope, key, fingerprint);
    if (existing) return replay(ctx, existing, fingerprint);

    const settle = async (status: number, body: unknown) => {
      if (status < 500) await records.saveAnswer(scope, key, status, JSON.stringify(body));
      else await records.remove(scope, key);
    };
    try {
      await next();
    } catch (err) {
      const res = toErrorResponse(err);
      await settle(res.status, res.body);
      throw err;
    }
    await settle(ctx.status, ctx.body ?? null);
  };
}

export async function pruneIdempotencyKeys(deps: Deps): Promise<void> {
  await idempotencyKeysRepository(deps.db).pruneBefore(deps.now() - deps.config.limits.idempotencyTtlMs);
}
