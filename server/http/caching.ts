import { createHash } from 'node:crypto';
import type { Middleware } from './context';

/**
 * api.md "Caching on the wire" for /api GETs: an ETag on every answer (304 on a match),
 * no-store for admin answers (any method), no-cache for public ones unless the route chose its own.
 */
export function apiCaching(): Middleware {
  const inFlight = new Map<string, Promise<SharedAnswer | null>>();
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      // A write: nothing that began before it ends may be handed to a request after it.
      inFlight.clear();
      try {
        await withCaching(ctx, next);
        return;
      } finally {
        inFlight.clear();
      }
    }
    const shareable = ctx.method === 'GET' && !ctx.state.isAdmin && !ctx.get('x-admin-key') && SHARED.test(ctx.path);
    if (!shareable) {
      await withCaching(ctx, next);
      return;
    }
    const key = `${ctx.state.tenant}\n${ctx.url}`;
    const pending = inFlight.get(key);
    if (pending) {
      const answer = await pending;
      if (answer) return sendShared(ctx, answer);
      await withCaching(ctx, next);
      return;
    }
    let settle: (answer: SharedAnswer | null) => void = () => {};
    inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      settle(await withCaching(ctx, next));
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      if (inFlight.get(key)) inFlight.delete(key);
    }
  };
}

/**
 * Public answers every open radio page asks for. Identical requests that arrive while one is
 * being answered share its answer (one database round instead of one per listener); nothing
 * is kept once it is sent, so a later request always sees the latest data.
 */
const SHARED = /^\/api\/(np|shows|artists)$/;

interface SharedAnswer {
  body: string | Buffer;
  etag: string;
  headers: [string, string][];
}

type Ctx = Parameters<Middleware>[0];
type Next = Parameters<Middleware>[1];

function capture(ctx: Ctx, body: string | Buffer): SharedAnswer {
  const headers = Object.entries(ctx.response.headers)
    .filter(([name]) => name !== 'etag' && name !== 'content-length')
    .map(([name, value]) => [name, String(value)] as [string, string]);
  return { body, etag: ctx.response.get('ETag'), headers };
}

function sendShared(ctx: Ctx, answer: SharedAnswer): void {
  for (const [name, value] of answer.headers) ctx.set(name, value);
  ctx.body = answer.body;
  ctx.etag = answer.etag;
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
}

/** The ETag and 304 of api.md; answers what was sent (before any 304) when it can be shared. */
async function withCaching(ctx: Ctx, next: Next): Promise<SharedAnswer | null> {
  await next();
  // Admin answers are never kept by any cache, whatever the method.
  if (ctx.state.isAdmin) ctx.set('Cache-Control', 'no-store');
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return null;
  ctx.vary('x-admin-key');
  if (!ctx.state.isAdmin && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-cache');
  if (ctx.status !== 200 || ctx.body == null) return null;
  const body = ctx.body;
  if (typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
    ctx.type = 'application/json';
    ctx.body = text;
  }
  ctx.etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  const answer = capture(ctx, text);
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
  return answer;
}
