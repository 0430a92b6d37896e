import pino, { type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger } from 'pino';

/** LOG_LEVEL, METRICS_TOKEN and METRICS_PORT (docs/api.md "Running the server", docs/operations.md). */
export interface OpsConfig {
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: Level | 'silent';
  /** The bearer token GET /metrics asks for; null: /metrics answers 404 on the main port. */
  metricsToken: string | null;
  /** A second listener on 127.0.0.1 serving only /metrics, without a token; null: none. */
  metricsPort: number | null;
}

export const DEFAULT_OPS: OpsConfig = { logLevel: 'info', metricsToken: null, metricsPort: null };

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export class OpsConfigError extends Error {}

/** Read from the environment by server/config.ts; a value it cannot use stops the start. */
export function readOpsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || DEFAULT_OPS.logLevel;
  if (!LEVELS.has(level)) throw new OpsConfigError(`LOG_LEVEL must be one of ${[...LEVELS].join(', ')}; could not use "${level}"`);
  const token = env.METRICS_TOKEN?.trim() || null;
  // A short token falls to guessing; the admin key's floor (16) applies here too.
  if (token && token.length < 16) throw new OpsConfigError(`METRICS_TOKEN is ${token.length} characters long; it must be at least 16`);
  const port = env.METRICS_PORT?.trim();
  if (port && !(/^\d+$/.test(port) && Number(port) > 0 && Number(port) < 65536)) throw new OpsConfigError(`METRICS_PORT must be a port number; could not use "${port}"`);
  return { logLevel: level as OpsConfig['logLevel'], metricsToken: token, metricsPort: port ? Number(port) : null };
}

/**
 * What must never reach a log line even if a caller hands it over (docs/operations.md "Logs"):
 * keys, cookies, tokens and invites. Request lines carry none of these (no headers, no bodies,
 * no raw path); this is the second lock.
 */
export const REDACTED = [
  'headers.cookie',
  'headers.authorization',
  'headers["x-admin-key"]',
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-admin-key"]',
  'res.headers["set-cookie"]',
  'cookie',
  'authorization',
  'adminKey',
  'key',
  'token',
  'invite',
  'password',
  '*.adminKey',
  '*.token',
  '*.invite',
];

/**
 * The one logger of a process: JSON lines on stdout (or `destination`), `time` as ISO text.
 * Background work takes a child with its own `name` (relay, recorder, push, renditions, jobs…).
 */
export function createLogger(options: { level?: OpsConfig['logLevel']; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? DEFAULT_OPS.logLevel,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    // Asynchronous writes, coalesced while one is in flight: a pipe under a process manager
    // blocks on every synchronous write.
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** A logger that writes nothing (tests that do not read the log). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

const METHODS: Record<string, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  warning: 'warn',
  info: 'info',
  debug: 'debug',
  trace: 'trace',
};

/**
 * For the background modules that take a `(line: string) => void` (the job queue, renditions,
 * the recorder, the relay, push reminders): their JSON lines become fields of a pino line at
 * their own level; a plain sentence becomes the message at `plainLevel`.
 */
export function lineLog(logger: Logger, plainLevel: 'info' | 'warn' | 'error' = 'warn'): (line: string) => void {
  return (line) => {
    let fields: Record<string, unknown> | null = null;
    if (line.startsWith('{')) {
      try {
        const parsed = JSON.parse(line) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
      } catch {
        fields = null;
      }
    }
    if (!fields) {
      logger[plainLevel](line);
      return;
    }
    const { level, msg, message, ...rest } = fields;
    const method = METHODS[String(level ?? '').toLowerCase()] ?? plainLevel;
    const text = typeof msg === 'string' ? msg : typeof message === 'string' ? message : undefined;
    logger[method](rest, text);
  };
}
