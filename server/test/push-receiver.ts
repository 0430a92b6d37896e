import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import { decrypt } from 'http_ece';
import { listenLocally } from './listen-locally';

/**
 * A push service for tests (RFC 8030), on 127.0.0.1: it makes browser-like subscriptions
 * (a P-256 key pair and an auth secret each), and for every push it receives checks what a
 * real push service and browser would (the VAPID JWT and key, TTL, Urgency, the aes128gcm
 * encoding), then decrypts the payload with the subscription's private key (http_ece, the
 * ECE implementation push libraries are tested against).
 */
export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  encoding: string | undefined;
  /** The JWT's claims, after its signature checked out against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the VAPID public key. */
  vapidKey: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface ArrivedPush {
  subscription: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushReceiver {
  url: string;
  received: ReceivedPush[];
  /** With `silent`: pushes that arrived and are held unanswered, and those the sender gave up on (closed). */
  held: { waiting: number; givenUp: number };
  /** With `fast`: every push as it arrived, answered 201 at once and checked only by inspect(). */
  arrived: ArrivedPush[];
  /** Checks and decrypts arrived pushes as a push service and browser would; what fails goes to `refused`. */
  inspect(pushes: readonly ArrivedPush[]): ReceivedPush[];
  /** Requests that failed a check (the reason), so a test can say why. */
  refused: string[];
  subscribe(): TestSubscription;
  /** What this subscription's endpoint answers next: a list of statuses used up in order, then 201. */
  answer(id: string, statuses: number[]): void;
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined, endpoint: string): { claims: ReceivedPush['claims']; vapidKey: string } {
  // RFC 8292 section 3: Authorization: vapid t=<JWT>, k=<public key>
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, token, k] = m as unknown as [string, string, string];
  const [h, p, s] = token.split('.') as [string, string, string];
  const jwtHeader = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; typ: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== new URL(endpoint).origin) throw new Error(`JWT aud ${claims.aud} is not the endpoint's origin`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`JWT exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub} is not mailto: or https:`);
  return { claims, vapidKey: k };
}

/**
 * `silent`: a push service that takes every request and never answers (a slow or stuck host),
 * counting what it holds. `fast`: each push is kept as it came and answered at once, its checks
 * and decryption left to inspect() (thousands of pushes, where this process's time would
 * otherwise be what the test measures).
 */
export async function startPushReceiver(options: { silent?: boolean; fast?: boolean } = {}): Promise<PushReceiver> {
  const subs = new Map<string, { ecdh: ECDH; auth: string; statuses: number[] }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const held = { waiting: 0, givenUp: 0 };
  const arrived: ArrivedPush[] = [];
  let base = '';
  /** What a push service and the browser check, then the payload decrypted with the subscription's key. */
  const check = (push: ArrivedPush): ReceivedPush => {
    const sub = subs.get(push.subscription);
    if (!sub) throw new Error(`no subscription ${push.subscription}`);
    const { headers } = push;
    const { claims, vapidKey } = verifyVapid(headers.authorization, `${base}/push/${push.subscription}`);
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${headers['content-encoding']}`);
    if (!/^\d+$/.test(String(headers.ttl))) throw new Error(`TTL ${headers.ttl}`);
    const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth });
    return {
      subscription: push.subscription,
      payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
      ttl: headers.ttl as string | undefined,
      urgency: headers.urgency as string | undefined,
      encoding: headers['content-encoding'],
      claims,
      vapidKey,
      at: push.at,
    };
  };
  const server = http.createServer((req, res) => {
    if (options.silent) {
      held.waiting += 1;
      res.on('close', () => {
        held.waiting -= 1;
        held.givenUp += 1;
      });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subs.get(id);
      const refuse = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status).end(why);
      };
      if (req.method !== 'POST') return refuse(405, `method ${req.method}`);
      if (!sub) return refuse(404, `no subscription ${id}`);
      const next = sub.statuses.shift();
      if (next !== undefined && next >= 300) {
        res.writeHead(next).end();
        return;
      }
      const push: ArrivedPush = { subscription: id, at: Date.now(), headers: req.headers, body: Buffer.concat(chunks) };
      if (options.fast) {
        arrived.push(push);
        res.writeHead(201).end();
        return;
      }
      try {
        received.push(check(push));
        res.writeHead(201, { Location: `${base}/message/${received.length}` }).end();
      } catch (err) {
        refuse(400, (err as Error).message);
      }
    });
  });
  base = await listenLocally(server);
  let counter = 0;
  return {
    url: base,
    received,
    held,
    arrived,
    inspect(pushes) {
      return pushes.flatMap((push) => {
        try {
          return [check(push)];
        } catch (err) {
          refused.push((err as Error).message);
          return [];
        }
      });
    },
    refused,
    subscribe() {
      counter += 1;
      const id = `s${counter}-${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subs.set(id, { ecdh, auth, statuses: [] });
      return { id, endpoint: `${base}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    answer(id, statuses) {
      subs.get(id)!.statuses.push(...statuses);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
