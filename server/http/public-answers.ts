import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ADMIN_SESSION_COOKIE } from '../../domain/people';
import type { Tenant } from '../../domain/tenants';
import type { AppContext, Middleware } from './context';

/** An answer sent before Koa, for the request log and the metrics (app.ts). */
export interface AnsweredLine {
  method: string;
  /** One of KEPT: a router's own path, so the route pattern too. */
  path: string;
  status: number;
  ms: number;
  tenant: Tenant;
}

export interface PublicAnswersOptions {
  now: () => number;
  /**
   * How long an answer is kept; 0 keeps none (identical requests in flight still share one).
   * Writes through this process drop every kept answer at once: the TTL only bounds how long
   * writes by another process on the same database, or the clock (the show on air), take to show.
   */
  ttlMs: number;
  /** Bytes of kept answers, all variants counted; the oldest go first past it. */
  maxBytes?: number;
  /** Told of each answer sent before Koa (the request log and the metrics). */
  log?: (line: AnsweredLine, req: IncomingMessage) => void;
  /**
   * Told of every write that succeeded through this process, after the kept answers were
   * dropped: app.ts passes it on to the other processes (server/db/change-bus.ts).
   */
  onWrite?: (tenant: Tenant) => void;
}

export interface PublicAnswers {
  /** Goes after tenant resolution (the tenant is part of the key) and before securityHeaders and koa-compress. */
  middleware: Middleware;
  /**
   * Answers a request Koa has already seen the same way (same Host and URL, no admin key)
   * from the kept answer, before Koa builds a context for it. False when it cannot.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Drops every kept answer: a write through another process succeeded. */
  drop(): void;
}

export const PUBLIC_ANSWER_TTL_MS = 1000;
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_ALIASES = 1000;
/** The threshold of koa-compress in app.ts: smaller answers gain nothing from compression. */
const COMPRESS_THRESHOLD = 1024;

/**
 * The public answers every open radio page polls (see KEPT), kept in memory by tenant, path
 * and query: the headers the chain set (security headers and ETag included), the body and its
 * gzip and brotli variants. A miss goes through the whole chain behind the middleware; the
 * answer it makes is sent from the kept form too, so a hit carries the same bytes and headers.
 *
 * - Identical requests arriving while one is being answered share its answer.
 * - A write (a method other than GET, HEAD or OPTIONS) that succeeds drops every kept answer
 *   before its own answer goes out; an answer whose read began before that is sent but not
 *   kept. A write that fails (401, 404, 400, 429…) drops nothing: anyone can send one, and a
 *   loop of them must not put every public GET back on the database.
 * - Requests carrying x-admin-key or an admin session cookie never read or fill them: an
 *   admin must get no-store and their own view, a wrong key must still answer 401.
 */
export function publicAnswers({ now, ttlMs, maxBytes = MAX_BYTES, log, onWrite }: PublicAnswersOptions): PublicAnswers {
  const kept = new KeptAnswers(maxBytes);
  const inFlight = new Map<string, Promise<KeptAnswer | null>>();
  // Host and raw URL → key, tenant and path as Koa resolved them, for serve().
  const aliases = new Map<string, Alias>();
  let generation = 0;
  const dropAll = () => {
    generation += 1;
    kept.clear();
    inFlight.clear();
    aliases.clear();
  };
  const remember = (ctx: AppContext, key: string) => {
    const alias = aliasOf(ctx.req);
    if (alias === null || aliases.has(alias)) return;
    if (aliases.size >= MAX_ALIASES) aliases.delete(aliases.keys().next().value!);
    aliases.set(alias, { key, tenant: ctx.state.tenant, path: ctx.path });
  };

  const middleware: Middleware = async (ctx, next) => {
    const method = ctx.method;
    if (method !== 'GET') {
      if (method === 'HEAD' || method === 'OPTIONS') return next();
      await next();
      // The error handler sits below: a failed write arrives here as its status.
      // A write that changes no public answer says so (a chat message): no drop, no change told.
      if (ctx.status < 400 && !ctx.state.publicUnchanged) {
        dropAll();
        onWrite?.(ctx.state.tenant);
      }
      return;
    }
    if (!KEPT.has(ctx.path) || ctx.get('x-admin-key') || carriesAdminSession(ctx.get('cookie'))) return next();

    const key = keyOf(ctx);
    const startedMs = now();
    const hit = kept.get(key, startedMs);
    if (hit) {
      remember(ctx, key);
      return sendFromKoa(ctx, hit);
    }
    const pending = inFlight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) return sendFromKoa(ctx, shared);
      return next();
    }

    const startedIn = generation;
    let settle: (answer: KeptAnswer | null) => void = () => {};
    const flight = new Promise<KeptAnswer | null>((resolve) => (settle = resolve));
    inFlight.set(key, flight);
    let answer: KeptAnswer | null = null;
    try {
      // The whole 200, uncompressed: apiCaching leaves If-None-Match to this middleware, and
      // the variants are made once in prepare() rather than by koa-compress on every request.
      ctx.state.keepAnswer = true;
      ctx.compress = false;
      await next();
      answer = await prepare(ctx, startedMs, ttlMs);
    } finally {
      settle(answer);
      if (inFlight.get(key) === flight) inFlight.delete(key);
    }
    if (!answer) {
      // An error, or nothing to keep: it goes out as the chain made it.
      if (ctx.status === 200 && isNotModified(ctx.req, ctx.response.get('ETag'))) {
        ctx.status = 304;
        ctx.body = null;
      }
      return;
    }
    if (ttlMs > 0 && startedIn === generation) {
      kept.set(key, answer);
      remember(ctx, key);
    }
    // The chain's own headers are all in the kept answer.
    for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
    sendFromKoa(ctx, answer);
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers['x-admin-key'] || carriesAdminSession(req.headers.cookie) || aliases.size === 0) return false;
    const alias = aliasOf(req);
    const found = alias === null ? undefined : aliases.get(alias);
    if (!found) return false;
    const answer = kept.get(found.key, now());
    if (!answer) return false;
    const start = performance.now();
    const status = write(req, res, answer);
    log?.({ method: 'GET', path: found.path, status, ms: performance.now() - start, tenant: found.tenant }, req);
    return true;
  };

  return { middleware, serve, drop: dropAll };
}

/**
 * Exact paths only: nothing below them is kept (the event stream under /api/np must never be).
 * Add a path only if its public GET answer depends on nothing but tenant, path and query.
 */
const KEPT: ReadonlySet<string> = new Set(['/api/np', '/api/shows', '/api/artists']);

interface Alias {
  key: string;
  tenant: Tenant;
  path: string;
}

interface Variant {
  body: Buffer;
  /** Raw header list for writeHead: the kept headers, Content-Encoding and Content-Length. */
  head: string[];
}

interface KeptAnswer {
  etag: string;
  identity: Variant;
  gzip: Variant | null;
  br: Variant | null;
  /** The headers of a 304: those of the 200 less Content-Type (as Koa sends it). */
  notModified: string[];
  /** When the request that made it began: its data was read after this. */
  madeMs: number;
  expiresMs: number;
  bytes: number;
}

/**
 * Tenant, path and the query as routes read it (ctx.query), names sorted so that their order
 * does not matter. `tenant` is left out: ctx.state.tenant already says what it decided.
 */
function keyOf(ctx: AppContext): string {
  const base = `${ctx.state.tenant} ${ctx.path}`;
  if (!ctx.querystring) return base;
  const query = ctx.query;
  const names = Object.keys(query)
    .filter((name) => name !== 'tenant')
    .sort();
  return names.length === 0 ? base : `${base} ${JSON.stringify(names.map((name) => [name, query[name]]))}`;
}

/** Tenant, path and query all follow from Host and URL alone; long ones are not worth an alias. */
function aliasOf(req: IncomingMessage): string | null {
  const alias = `${req.headers.host ?? ''} ${req.url ?? ''}`;
  return alias.length > 512 ? null : alias;
}

class KeptAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, nowMs: number): KeptAnswer | null {
    const answer = this.answers.get(key);
    if (!answer) return null;
    // A clock set back (NTP, or a test) must not stretch the TTL.
    if (nowMs >= answer.madeMs && nowMs < answer.expiresMs) return answer;
    this.delete(key);
    return null;
  }

  set(key: string, answer: KeptAnswer): void {
    // One huge answer must not push out all the others.
    if (answer.bytes > this.maxBytes / 8) return;
    this.delete(key);
    this.answers.set(key, answer);
    this.bytes += answer.bytes;
    // Map order is insertion order: the first entries are the oldest.
    for (const oldKey of this.answers.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldKey);
    }
  }

  clear(): void {
    this.answers.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.answers.delete(key);
    this.bytes -= old.bytes;
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The 200 the chain made, as a keepable answer; null for anything else (errors go out as made). */
async function prepare(ctx: AppContext, madeMs: number, ttlMs: number): Promise<KeptAnswer | null> {
  const body: unknown = ctx.body;
  const etag = ctx.response.get('ETag');
  if (ctx.status !== 200 || ctx.state.isAdmin || !etag) return null;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return null;
  const headers: string[] = [];
  // Names as the chain spelled them, so a kept answer is byte for byte what Koa would send.
  for (const name of rawHeaderNames(ctx.res)) {
    const lower = name.toLowerCase();
    const value = ctx.res.getHeader(lower);
    if (lower === 'content-length' || lower === 'content-encoding' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.push(name, one);
  }
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const compressible = identity.length >= COMPRESS_THRESHOLD && /^application\/json\b/.test(ctx.response.get('Content-Type'));
  let gz: Buffer | null = null;
  let br: Buffer | null = null;
  if (compressible) {
    try {
      // In the thread pool, once per kept answer rather than once per request.
      [gz, br] = await Promise.all([
        gzip(identity, { level: 6 }),
        brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
    } catch {
      // Out of memory or the like: the plain answer is still right.
      [gz, br] = [null, null];
    }
  }
  const variant = (bytes: Buffer, encoding: string | null): Variant => ({
    body: bytes,
    head: [...headers, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(bytes.length)],
  });
  const notModified: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() !== 'content-type') notModified.push(headers[i]!, headers[i + 1]!);
  return {
    etag,
    identity: variant(identity, null),
    gzip: gz && variant(gz, 'gzip'),
    br: br && variant(br, 'br'),
    notModified,
    madeMs,
    expiresMs: madeMs + ttlMs,
    bytes: identity.length + (gz?.length ?? 0) + (br?.length ?? 0),
  };
}

/** Every OutgoingMessage has it (Node 20); @types/node declares it on ClientRequest only. */
const rawHeaderNames = (res: ServerResponse): string[] => (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();

function sendFromKoa(ctx: AppContext, answer: KeptAnswer): void {
  // Written here, as serve() writes it; Koa only logs the status.
  ctx.respond = false;
  write(ctx.req, ctx.res, answer);
}

/** Hit or miss, before Koa or in it: the 304, or the variant the client accepts. Answers the status. */
function write(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer): number {
  if (isNotModified(req, answer.etag)) {
    res.writeHead(304, answer.notModified);
    res.end();
    return 304;
  }
  const encoding = answer.br ? pickEncoding(req.headers['accept-encoding']) : 'identity';
  const variant = (encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : null) ?? answer.identity;
  res.writeHead(200, variant.head);
  res.end(variant.body);
  return 200;
}

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** What Koa's ctx.fresh (the fresh package) answers for a response with this ETag and no Last-Modified. */
export function isNotModified(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch || req.headers['if-modified-since']) return false;
  const cacheControl = req.headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  if (!etag) return false;
  for (const match of noneMatch.split(/[ ,]+/)) {
    if (match && (match === etag || match === 'W/' + etag || 'W/' + match === etag)) return true;
  }
  return false;
}

/**
 * The coding of Accept-Encoding with the highest q among br, gzip and identity; ties go to the
 * smaller answer. As in koa-compress (negotiator): no header means identity, and identity not
 * named takes the lowest q named.
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  let br = -1;
  let gz = -1;
  let identity = -1;
  let star = -1;
  let lowest = 1;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [k = '', v = ''] = param.split('=');
      if (k.trim().toLowerCase() === 'q') q = Number.parseFloat(v) || 0;
    }
    lowest = Math.min(lowest, q);
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip') gz = Math.max(gz, q);
    else if (name === 'identity') identity = Math.max(identity, q);
    else if (name === '*') star = Math.max(star, q);
  }
  if (br < 0) br = Math.max(star, 0);
  if (gz < 0) gz = Math.max(star, 0);
  if (identity < 0) identity = star >= 0 ? star : lowest;
  if (br > 0 && br >= gz && br >= identity) return 'br';
  if (gz > 0 && gz >= identity) return 'gzip';
  return 'identity';
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${ADMIN_SESSION_COOKIE}=[^;]`);
/** An admin session's cookie is on the request (server/http/admin-session.ts). */
const carriesAdminSession = (cookie: string | undefined): boolean => !!cookie && SESSION_COOKIE.test(cookie);
