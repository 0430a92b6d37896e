import http, { type Server } from 'node:http';
import type { Config } from './config';
import { createApp } from './app';
import { localChangeBus, postgresChangeBus } from './db/change-bus';
import { createDb, isPostgresUrl, type Db } from './db/knex';
import { migrateLatest } from './db/migrations';
import { flushWriteBehind } from './jobs/write-behind';
import { seedDemoIfEmpty } from './db/seeds/demo';
import { endEventStreams } from './http/event-streams';
import { pruneAuthFailures } from './http/admin-key';
import { CONNECTIONS_CHECK_MS, DEFAULT_CONNECTION_LIMITS, limitConnections } from './http/connection-limits';
import { prunePeople } from './features/people/people.service';
import { pruneIdempotencyKeys } from './http/idempotency';
import { pruneRateCounters } from './http/rate-limit';
import { clearStaleTemp, sweepUploads } from './features/uploads/uploads.service';
import { startBackgroundLoops } from './background';
import { createStorage } from './media/storage';
import { jobQueue } from './jobs/job-queue';
import { createLogger, lineLog, type Logger } from './ops/logger';
import { countedPushes, createMetrics, type Metrics } from './ops/metrics';
import { startMetricsServer, type MetricsServer } from './ops/metrics-endpoint';

export interface RunningServer {
  server: Server;
  db: Db;
  url: string;
  logger: Logger;
  metrics: Metrics;
  /** The METRICS_PORT listener on 127.0.0.1, when configured. */
  metricsServer: MetricsServer | null;
  /** Stop accepting, finish in-flight requests, close the database. */
  close(): Promise<void>;
}

/** Migrate, seed when asked, listen. Used by index.ts and by tests that need a real socket. */
export async function startServer(
  config: Config,
  /** Start-up messages; the logger's info lines unless given (tests pass a no-op). */
  log?: (line: string) => void,
  options: {
    /** Awaited after migrating and before listening (index.ts: the admin key's check, run meanwhile). */
    beforeListen?: () => Promise<void>;
    /** The process's logger (index.ts makes it); JSON lines on stdout at LOG_LEVEL unless given. */
    logger?: Logger;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.ops?.logLevel });
  const say = log ?? lineLog(logger, 'info');
  const db = createDb(config.databaseUrl);
  await migrateLatest(db);
  if (config.demoData) {
    const seeded = await seedDemoIfEmpty(db, Date.now());
    if (seeded) say('Demo content added to the empty database.');
  }
  // Several processes may serve one PostgreSQL database: they hear of each other's changes
  // through LISTEN/NOTIFY (docs/now-playing-push.md). SQLite is one process.
  const bus = isPostgresUrl(config.databaseUrl)
    ? await postgresChangeBus(db, config.databaseUrl, (err) => logger.child({ name: 'change-bus' }).error({ error: (err as Error)?.message ?? String(err) }))
    : localChangeBus();
  const storage = createStorage({ uploadDir: config.uploadDir, s3: config.s3 });
  // Background work (renditions) waits in the database; this process takes its share from now
  // on, including what a restart left behind (server/jobs/job-queue.ts).
  const jobs = jobQueue(db, { log: lineLog(logger.child({ name: 'jobs' })) });
  const metrics = createMetrics({ db, now: Date.now, jobs });
  const app = createApp({ db, config, storage, bus, jobs, logger, metrics });
  const deps = { db, config, now: Date.now, storage, bus, jobs };
  jobs.start();
  // Temporary upload files a crash left behind go at start (docs/uploads.md).
  await clearStaleTemp(config.uploadDir).catch(() => 0);
  const sweep = () => sweepUploads(deps).catch((err: unknown) => logger.child({ name: 'uploads' }).warn({ error: String(err) }, 'upload sweep failed'));
  void sweep();
  const prune = setInterval(() => {
    Promise.all([pruneAuthFailures(deps), pruneRateCounters(deps), pruneIdempotencyKeys(deps), prunePeople(deps), jobs.prune()]).catch(() => {});
    void sweep();
  }, 10 * 60 * 1000);
  prune.unref();

  await options.beforeListen?.();
  // Not app.listen(): the server gets the process-wide connection ceiling and shorter
  // timeouts for idle and half-open connections (docs/api.md "Connections").
  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_MS });
  server.on('request', limitConnections(server, config.connections ?? DEFAULT_CONNECTION_LIMITS, app.callback()));
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  // The live relay, the station recorder and show reminders: every process runs each loop and
  // leases in the database decide who does what (server/background.ts). Started once listening.
  const loops = startBackgroundLoops({ db, config, storage, jobs }, url, { logger, metrics });
  // Loopback only: a Prometheus on this host (or through a tunnel) scrapes it without a token.
  const metricsServer = config.ops?.metricsPort ? await startMetricsServer(metrics, config.ops.metricsPort) : null;

  let closing: Promise<void> | null = null;
  return {
    server,
    db,
    url,
    logger,
    metrics,
    metricsServer,
    close() {
      closing ??= (async () => {
        clearInterval(prune);
        await metricsServer?.close();
        // ffmpeg stopped, leases given up, and a recording cut by the shutdown still leaves its
        // draft, while the database is open.
        await loops.stop();
        await new Promise<void>((resolve) => {
          // Event streams never finish by themselves: end them (each browser reconnects on its
          // own, to whichever process answers next) so only real requests are waited for.
          endEventStreams(app);
          // Keep-alive sockets would hold close() open: drop each as soon as it goes idle,
          // while requests in flight still finish.
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
          server.closeIdleConnections();
        });
        await jobs.stop();
        // The ads' counts and the audience's heartbeats kept in memory (the next close pass, in
        // any process, ends those sessions at their last written beat).
        await flushWriteBehind(db);
        await bus.close();
        await db.destroy();
        logger.flush();
      })();
      return closing;
    },
  };
}
