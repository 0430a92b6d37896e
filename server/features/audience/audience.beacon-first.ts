import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { BeaconSchema } from '../../../domain/audience';
import { resolveTenant, type Tenant } from '../../../domain/tenants';
import { clientAddress, compileTrust } from '../../http/client-address';
import type { Deps } from '../../http/context';
import { toErrorResponse } from '../../http/error-handler';
import { withinProcessRate } from '../../http/rate-limit';
import { EVERY_ANSWER_HEADERS, HSTS, isHttpsSite } from '../../http/security-headers';
import { BEACON_MAX_BYTES, BEACON_PATH, BEACON_RATE, handOnBody, isBeaconType, readBeacon } from './audience.beacon-request';
import { audienceService, isBot } from './audience.service';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** One answered beacon, for the metrics and the log as Koa's middleware would see it. */
export interface BeaconAnswered {
  status: number;
  ms: number;
  tenant: Tenant;
}

/**
 * The listening beacon answered before Koa (docs/performance.md "Heartbeats"): one a minute
 * per listener is most of the requests a station gets, and Koa's context and middleware were
 * most of what each cost (bench/audience.mjs, 10,000 listeners). Only a beacon with nothing to
 * refuse is answered here, as the operation in audience.operations.ts answers it (its status,
 * headers and body; a test compares the two). Anything else — another type, a bot, an admin's
 * key, malformed JSON, a refused schema, over the rate limit — goes on to that route with the
 * bytes read here, and the route's declared chain answers it as ever.
 */
export function beaconFirst(deps: Deps, answered: (line: BeaconAnswered, req: IncomingMessage) => void) {
  const audience = audienceService(deps);
  const trust = compileTrust(deps.config.trustProxy);
  // What the chain's middleware add to this answer (security-headers.ts, koa-compress's Vary).
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    ...EVERY_ANSWER_HEADERS,
    Vary: 'Accept-Encoding',
    ...(isHttpsSite(deps.config.publicUrl) ? { 'Strict-Transport-Security': HSTS } : {}),
  };

  async function take(req: IncomingMessage, res: ServerResponse, chain: Handler, query: string | undefined, started: number) {
    let raw: string;
    try {
      raw = await readBeacon(req);
    } catch {
      // Cut off on the way: nobody is left to answer.
      res.destroy();
      return;
    }
    const handOn = () => {
      handOnBody(req, raw);
      return chain(req, res);
    };
    let beacon: v.InferOutput<typeof BeaconSchema>;
    try {
      const checked = v.safeParse(BeaconSchema, JSON.parse(raw));
      if (!checked.success) return handOn();
      beacon = checked.output;
    } catch {
      return handOn();
    }
    const address = clientAddress(String(req.headers['x-forwarded-for'] ?? ''), req.socket.remoteAddress, trust);
    if (!withinProcessRate(deps, BEACON_RATE.bucket, address, BEACON_RATE.perMinute)) return handOn();
    const tenant = resolveTenant(req.headers.host, query === undefined ? undefined : (new URLSearchParams(query).get('tenant') ?? undefined));
    let status = 202;
    let body: string;
    let more: Record<string, string> = {};
    try {
      body = JSON.stringify(await audience.accept(tenant, beacon));
    } catch (err) {
      // Counted already, perhaps in part: answered here, as the error middleware would.
      const error = toErrorResponse(err);
      ({ status, headers: more } = error);
      body = JSON.stringify(error.body);
    }
    res.writeHead(status, { ...headers, ...more, 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
    answered({ status, ms: performance.now() - started, tenant }, req);
  }

  return {
    /** True when it took the request: answered here, or handed to `chain` once read. */
    serve(req: IncomingMessage, res: ServerResponse, chain: Handler): boolean {
      if (req.method !== 'POST') return false;
      const url = req.url ?? '';
      const q = url.indexOf('?');
      if ((q === -1 ? url : url.slice(0, q)) !== BEACON_PATH) return false;
      const h = req.headers;
      if (h['x-admin-key'] !== undefined || !isBeaconType(h['content-type']) || !(Number(h['content-length']) <= BEACON_MAX_BYTES) || isBot(h['user-agent'])) return false;
      void take(req, res, chain, q === -1 ? undefined : url.slice(q + 1), performance.now());
      return true;
    },
  };
}
