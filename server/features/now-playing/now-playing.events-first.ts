import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_SESSION_HEADER } from '../../../domain/admin-session';
import { resolveTenant, type Tenant } from '../../../domain/tenants';
import { clientAddress, compileTrust } from '../../http/client-address';
import type { Deps } from '../../http/context';
import { streamsOf } from '../../http/event-streams';
import { featureState } from '../../http/mount';
import { HSTS, isHttpsSite } from '../../http/security-headers';
import { lastEventId, NP_EVENTS_PATH } from './now-playing.events';
import { nowPlayingSetup } from './now-playing.operations';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** One stream opened, for the metrics and the log as Koa's middleware would see it. */
export interface StreamOpened {
  status: number;
  ms: number;
  tenant: Tenant;
}

/**
 * Accept-Encoding as the route's `ctx.acceptsEncodings('gzip', 'identity')` reads it, where
 * the answer is plain: a list of names without weights. null (the route decides) for a
 * missing header, weights, a wildcard or a named identity.
 */
export function plainGzipChoice(header: string | undefined): boolean | null {
  if (!header || header.includes(';')) return null;
  const names = header.split(',').map((n) => n.trim().toLowerCase());
  if (names.some((n) => n === '*' || n === 'identity' || n === '')) return null;
  return names.includes('gzip');
}

/** A query parameter as Koa's ctx.query gives a single one: a repeated one is not a string. */
function single(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  return all.length === 1 ? all[0] : undefined;
}

/**
 * The now-playing stream opened before Koa (docs/performance.md "Listeners"): a stream stays
 * open for hours, and through Koa each one kept its request's context, the chain's state and
 * their listeners for all that time, about half of what a stream held (bench/listeners.mjs,
 * 10,000 streams). Only a stream with nothing to refuse or decide is opened here, with the
 * route's status and headers (a test compares the two) from the same hub and places
 * (`featureState`); HEAD, a server draining, an admin's key or session, an Accept-Encoding
 * with weights, a refusal (429, 503) or an error go to the route in now-playing.operations.ts.
 */
export function nowPlayingEventsFirst(deps: Deps, app: object, opened: (line: StreamOpened, req: IncomingMessage, res: ServerResponse) => void) {
  const { events } = featureState(deps, nowPlayingSetup);
  const trust = compileTrust(deps.config.trustProxy);
  const hsts = isHttpsSite(deps.config.publicUrl);

  async function open(req: IncomingMessage, res: ServerResponse, chain: Handler, query: URLSearchParams, gzip: boolean, started: number) {
    const tenant = resolveTenant(req.headers.host, single(query, 'tenant'));
    const h = req.headers;
    let stream: Awaited<ReturnType<typeof events.subscribe>>;
    try {
      stream = await events.subscribe({
        res,
        app,
        tenant,
        clientAddress: clientAddress(String(h['x-forwarded-for'] ?? ''), req.socket.remoteAddress, trust),
        gzip,
        lastId: lastEventId(typeof h['last-event-id'] === 'string' ? h['last-event-id'] : undefined, single(query, 'lastEventId')),
      });
    } catch {
      // Nothing was sent: the route refuses it (429, 503) or answers the error, as JSON.
      return chain(req, res);
    }
    if (!stream) return; // The client left meanwhile.
    // The route's headers, in its chain's order (httpsSite, koa-compress's Vary, the handler's).
    if (hsts) res.setHeader('Strict-Transport-Security', HSTS);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('X-Accel-Buffering', 'no');
    if (stream.gzipped) res.setHeader('Content-Encoding', 'gzip');
    req.socket.setNoDelay(true);
    stream.open();
    opened({ status: 200, ms: performance.now() - started, tenant }, req, res);
  }

  return {
    /** True when it took the request: opened here, or handed to `chain`. */
    serve(req: IncomingMessage, res: ServerResponse, chain: Handler): boolean {
      if (req.method !== 'GET') return false;
      const url = req.url ?? '';
      const q = url.indexOf('?');
      if ((q === -1 ? url : url.slice(0, q)) !== NP_EVENTS_PATH) return false;
      const h = req.headers;
      if (h['x-admin-key'] !== undefined || h[ADMIN_SESSION_HEADER.toLowerCase()] !== undefined || streamsOf(app).draining) return false;
      const gzip = plainGzipChoice(h['accept-encoding']);
      if (gzip === null) return false;
      // Whatever fails after the subscription (the socket gone mid-way) ends that stream alone.
      open(req, res, chain, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)), gzip, performance.now()).catch(() => res.destroy());
      return true;
    },
  };
}
