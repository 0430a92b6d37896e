import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../domain/uploads';
import { readS3Settings, type S3Settings } from './media/storage';
import { oneClassProblem } from './http/admin-key-strength';
import { compileTrust, type TrustProxy } from './http/client-address';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connection-limits';
import { OpsConfigError, readOpsConfig, type OpsConfig } from './ops/logger';

/** docs/api.md "Running the server", read once from the environment. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminKey: string;
  /** True when the key was generated at start and must be printed once. */
  adminKeyGenerated: boolean;
  demoData: boolean;
  uploadDir: string;
  /** S3_BUCKET and the AWS_* variables: uploads go to that bucket instead of uploadDir. */
  s3?: S3Settings | null;
  /** off, on (trust the socket peer), or the proxies' addresses/CIDRs (docs/api.md). */
  trustProxy: TrustProxy;
  /** The built app (index.html and assets); absent in API-only tests. */
  appDir: string | null;
  /** The top-level manifest.webmanifest, served per tenant. */
  manifestPath: string;
  limits: Limits;
  /** The process-wide connection ceiling (MAX_CONNECTIONS) and the idle timeouts; defaults unless set. */
  connections?: ConnectionLimits;
  /** Log one line per request. */
  logRequests: boolean;
  /** LOG_LEVEL, METRICS_TOKEN, METRICS_PORT (docs/operations.md); defaults unless set. */
  ops?: OpsConfig;
  /**
   * UPSTREAM_ALLOW_PRIVATE: the server's own fetches of URLs someone gave it (npJsonUrl) may
   * reach loopback and private networks; link-local and metadata never (server/http/outbound-guard.ts).
   */
  upstreamAllowPrivate: boolean;
  /**
   * PAGE_RENDER_WAIT_MS: how long a server-rendered page waits for its data before it is sent
   * as the app's shell (docs/server-render.md); 400 ms unless set. The e2e servers, which share
   * a small machine with their browsers, wait longer.
   */
  pageRenderWaitMs?: number;
  /** Timeout of an upstream now-playing fetch; 4 s unless set (tests shorten it). */
  npUpstreamTimeoutMs?: number;
  /**
   * How long this process keeps public answers of /api/np, /api/shows and /api/artists
   * (server/http/public-answers.ts); 1 s unless set, 0 keeps none. The in-process test app
   * sets 0: its suites write the database behind the app's back and read it back at once.
   */
  publicAnswerTtlMs?: number;
  /** PUBLIC_URL's origin (docs/api.md), or null: then the request's own origin is used. */
  publicUrl?: string | null;
  /** PUSH_ALLOW_INSECURE_ENDPOINTS: push endpoints may be http: and loopback (tests only). */
  pushAllowInsecureEndpoints?: boolean;
  /**
   * PUSH_ENDPOINT_HOSTS: the push services a subscription's endpoint may be on, each a host
   * name or `*.` and a domain (any name under it); DEFAULT_PUSH_ENDPOINT_HOSTS unless set.
   */
  pushEndpointHosts?: readonly string[];
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or null: a pair kept in the database (docs/api.md). */
  vapidKeys?: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT, or null: https:// and the app's host. */
  vapidSubject?: string | null;
  /** The station recorder (docs/recorder.md); defaults unless set (tests shorten them). */
  recorder?: RecorderConfig;
}

/** docs/recorder.md "Configuration". */
export interface RecorderConfig {
  /** RECORDER_TICK_MS: how often each process looks for shows on air and renews its claims. */
  tickMs: number;
  /** RECORDER_LEASE_MS: a claim not renewed for this long is taken over by another process. */
  leaseMs: number;
}

export const DEFAULT_RECORDER: RecorderConfig = { tickMs: 5_000, leaseMs: 20_000 };

export interface Limits {
  jsonBodyBytes: number;
  publicWritesPerMinute: number;
  adminFailuresBeforeLockout: number;
  adminLockoutWindowMs: number;
  /** Wrong keys from all addresses together in one window that lock the admin routes for everyone. */
  adminFailuresGlobal: number;
  /** How long an idempotency record may stay 'in progress' before a retry runs afresh. */
  idempotencyPendingMs: number;
  idempotencyTtlMs: number;
  audioUploadBytes: number;
  imageUploadBytes: number;
  shoutoutBytes: number;
  /** Bytes one client address (IPv6: its /64) may upload per UTC day (UPLOAD_QUOTA_ADDRESS_MB). */
  uploadQuotaAddressBytes: number;
  /** Bytes all clients together may upload per UTC day (UPLOAD_QUOTA_TOTAL_MB). */
  uploadQuotaTotalBytes: number;
  /** An upload that sends nothing for this long is closed and its partial bytes deleted. */
  uploadStallMs: number;
  /** HEAD, PATCH and DELETE calls on resumable uploads a minute per client address (a resume is a HEAD and a PATCH). */
  resumableCallsPerMinute: number;
  /** A whole multipart body (POST /api/uploads, a shoutout) must arrive within this; slower phones use the resumable upload. */
  multipartBodyMs: number;
  /** Push subscriptions following a show that one client address (IPv6: its /64) may hold (PUSH_SUBSCRIPTIONS_PER_ADDRESS). */
  pushSubscriptionsPerAddress: number;
}

export const DEFAULT_LIMITS: Limits = {
  jsonBodyBytes: 100 * 1024,
  publicWritesPerMinute: 20,
  adminFailuresBeforeLockout: 10,
  adminLockoutWindowMs: 15 * 60 * 1000,
  adminFailuresGlobal: 100,
  idempotencyPendingMs: 60_000,
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  audioUploadBytes: UPLOAD_MAX_BYTES.audio,
  imageUploadBytes: UPLOAD_MAX_BYTES.image,
  shoutoutBytes: UPLOAD_MAX_BYTES.shoutout,
  uploadQuotaAddressBytes: 200 * 1024 * 1024,
  uploadQuotaTotalBytes: 5000 * 1024 * 1024,
  uploadStallMs: 30_000,
  // Under Node's own 5-minute requestTimeout, so this JSON answer comes first.
  multipartBodyMs: 4 * 60_000,
  resumableCallsPerMinute: 120,
  // Generous: a carrier's NAT puts many phones behind one address (docs/api.md "Reminders by Web Push").
  pushSubscriptionsPerAddress: 1000,
};

/**
 * The push services browsers subscribe with (docs/api.md "Reminders by Web Push"): Chrome and
 * the Chromium browsers (FCM), Firefox (Mozilla's autopush), Safari (Apple), Edge (WNS).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

const megabytes = (value: string | undefined, fallback: number): number => {
  const v = value?.trim();
  return v && /^\d+(\.\d+)?$/.test(v) ? Math.round(Number(v) * 1024 * 1024) : fallback;
};

const wholeNumber = (value: string | undefined, fallback: number): number => {
  const v = value?.trim();
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback;
};

const onOff = (value: string | undefined, fallback: boolean): boolean => {
  const v = value?.trim().toLowerCase();
  if (!v) return fallback;
  return ['on', 'true', '1', 'yes'].includes(v);
};

/** Shorter keys fall to guessing within the lock-out's allowance (docs/api.md, Auth). */
export const MIN_ADMIN_KEY_LENGTH = 16;

export class ConfigError extends Error {}

/** TRUST_PROXY: on/off words, or a comma-separated list of proxy addresses or CIDRs. */
function readTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (!v) return false;
  if (/^(on|true|1|yes)$/i.test(v)) return true;
  if (/^(off|false|0|no)$/i.test(v)) return false;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    compileTrust(list);
  } catch {
    throw new ConfigError(`TRUST_PROXY must be on, off, or a comma-separated list of proxy addresses or CIDRs; could not read "${v}"`);
  }
  return list;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${path.join(root, 'data', 'app.sqlite3')}`;
  const adminKey = env.ADMIN_KEY?.trim() || '';
  if (adminKey && adminKey.length < MIN_ADMIN_KEY_LENGTH) {
    throw new ConfigError(`ADMIN_KEY is ${adminKey.length} characters long; it must be at least ${MIN_ADMIN_KEY_LENGTH}. Choose a longer key, or unset ADMIN_KEY to have one generated.`);
  }
  // The slower dictionary check runs at start (index.ts, guessableProblem).
  const oneClass = adminKey ? oneClassProblem(adminKey) : null;
  if (oneClass) throw new ConfigError(oneClass);
  return {
    port: env.PORT?.trim() && /^\d+$/.test(env.PORT.trim()) ? Number(env.PORT.trim()) : 3000,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    adminKey: adminKey || randomBytes(18).toString('base64url'),
    adminKeyGenerated: !adminKey,
    // A blank DATABASE_URL means the default SQLite file, and so demo data by default too.
    demoData: onOff(env.DEMO_DATA, !env.DATABASE_URL?.trim()),
    uploadDir: path.resolve(root, env.UPLOAD_DIR?.trim() || path.join('data', 'uploads')),
    s3: readS3Settings(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    // APP_DIR lets parallel test runs serve their own builds; not part of docs/api.md's table.
    appDir: env.APP_DIR?.trim() ? path.resolve(root, env.APP_DIR.trim()) : path.join(root, 'dist', 'app'),
    manifestPath: path.join(root, 'manifest.webmanifest'),
    // A copy: an app (or a test) that changes its limits never changes another's.
    limits: {
      ...DEFAULT_LIMITS,
      uploadQuotaAddressBytes: megabytes(env.UPLOAD_QUOTA_ADDRESS_MB, DEFAULT_LIMITS.uploadQuotaAddressBytes),
      uploadQuotaTotalBytes: megabytes(env.UPLOAD_QUOTA_TOTAL_MB, DEFAULT_LIMITS.uploadQuotaTotalBytes),
      pushSubscriptionsPerAddress: wholeNumber(env.PUSH_SUBSCRIPTIONS_PER_ADDRESS, DEFAULT_LIMITS.pushSubscriptionsPerAddress),
    },
    logRequests: env.NODE_ENV !== 'test',
    ops: readOps(env),
    connections: {
      ...DEFAULT_CONNECTION_LIMITS,
      maxConnections: wholeNumber(env.MAX_CONNECTIONS, DEFAULT_CONNECTION_LIMITS.maxConnections),
      idleTimeoutMs: wholeNumber(env.CONNECTION_IDLE_MS, DEFAULT_CONNECTION_LIMITS.idleTimeoutMs),
    },
    upstreamAllowPrivate: onOff(env.UPSTREAM_ALLOW_PRIVATE, false),
    ...(env.PAGE_RENDER_WAIT_MS?.trim() ? { pageRenderWaitMs: wholeNumber(env.PAGE_RENDER_WAIT_MS, 400) } : {}),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    pushAllowInsecureEndpoints: onOff(env.PUSH_ALLOW_INSECURE_ENDPOINTS, false),
    pushEndpointHosts: readPushEndpointHosts(env.PUSH_ENDPOINT_HOSTS),
    vapidKeys: readVapidKeys(env),
    vapidSubject: readVapidSubject(env.VAPID_SUBJECT),
    recorder: readRecorder(env),
  };
}

function readOps(env: NodeJS.ProcessEnv): OpsConfig {
  try {
    return readOpsConfig(env);
  } catch (err) {
    throw err instanceof OpsConfigError ? new ConfigError(err.message) : err;
  }
}

/** The lease must outlive a few ticks, or a busy holder would lose its airing between two heartbeats. */
function readRecorder(env: NodeJS.ProcessEnv): RecorderConfig {
  const tickMs = wholeNumber(env.RECORDER_TICK_MS, DEFAULT_RECORDER.tickMs);
  const leaseMs = wholeNumber(env.RECORDER_LEASE_MS, DEFAULT_RECORDER.leaseMs);
  if (leaseMs < 3 * tickMs) throw new ConfigError(`RECORDER_LEASE_MS (${leaseMs}) must be at least three times RECORDER_TICK_MS (${tickMs}), so a claim outlives a missed heartbeat`);
  return { tickMs, leaseMs };
}

/** PUSH_ENDPOINT_HOSTS: comma-separated host names, or `*.domain` for any name under it; blank → the defaults. */
function readPushEndpointHosts(value: string | undefined): readonly string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (list.length === 0) return DEFAULT_PUSH_ENDPOINT_HOSTS;
  const bad = list.find((h) => !/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(h));
  if (bad) throw new ConfigError(`PUSH_ENDPOINT_HOSTS must list host names (or *.domain for any name under it), separated by commas; could not read "${bad}"`);
  return list;
}

/** PUBLIC_URL: an http(s) origin such as https://radio.example; a path or a bad URL stops the start. */
function readPublicUrl(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an origin such as https://radio.example; could not read "${v}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`PUBLIC_URL must start with https:// or http://, not "${url.protocol}"`);
  return url.origin;
}

/** Both VAPID keys or neither: one alone would sign with a key the browsers were never given. */
function readVapidKeys(env: NodeJS.ProcessEnv): Config['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then made and kept in the database)');
  // RFC 8292: an uncompressed P-256 point (65 bytes) and a 32-byte scalar, base64url.
  if (Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be 65 bytes and VAPID_PRIVATE_KEY 32 bytes, base64url (npx web-push generate-vapid-keys makes a pair)');
  }
  return { publicKey, privateKey };
}

/** VAPID_SUBJECT: a mailto: or https: URL, as push services require (RFC 8292 section 2.1). */
function readVapidSubject(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (!/^(mailto:\S+|https:\/\/\S+)$/.test(v)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https:// URL; could not use "${v}"`);
  return v;
}
