import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** api.md "Running the server", read once from the environment. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminKey: string;
  /** True when the key was generated at start and must be printed once. */
  adminKeyGenerated: boolean;
  demoData: boolean;
  uploadDir: string;
  trustProxy: boolean;
  /** The built app (index.html and assets); absent in API-only tests. */
  appDir: string | null;
  limits: Limits;
  /** Log one line per request. */
  logRequests: boolean;
}

export interface Limits {
  jsonBodyBytes: number;
  publicWritesPerMinute: number;
  adminFailuresBeforeLockout: number;
  adminLockoutWindowMs: number;
  idempotencyTtlMs: number;
  audioUploadBytes: number;
  imageUploadBytes: number;
  shoutoutBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  jsonBodyBytes: 100 * 1024,
  publicWritesPerMinute: 20,
  adminFailuresBeforeLockout: 10,
  adminLockoutWindowMs: 15 * 60 * 1000,
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  audioUploadBytes: 20 * 1024 * 1024,
  imageUploadBytes: 5 * 1024 * 1024,
  shoutoutBytes: 10 * 1024 * 1024,
};

const onOff = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  return ['on', 'true', '1', 'yes'].includes(value.toLowerCase());
};

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${path.join(root, 'data', 'app.sqlite3')}`;
  const adminKey = env.ADMIN_KEY?.trim() || '';
  return {
    port: Number(env.PORT) || 3000,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    adminKey: adminKey || randomBytes(18).toString('base64url'),
    adminKeyGenerated: !adminKey,
    demoData: onOff(env.DEMO_DATA, !env.DATABASE_URL),
    uploadDir: path.resolve(root, env.UPLOAD_DIR?.trim() || path.join('data', 'uploads')),
    trustProxy: onOff(env.TRUST_PROXY, false),
    appDir: path.join(root, 'dist', 'app'),
    limits: DEFAULT_LIMITS,
    logRequests: env.NODE_ENV !== 'test',
  };
}
