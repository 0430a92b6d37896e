import Koa from 'koa';
import compress from 'koa-compress';
import { ServerResponse, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config';
import { localChangeBus, type ChangeBus } from './db/change-bus';
import type { Db } from './db/knex';
import { hlsOrigins } from './db/settings-store';
import { adminKey } from './http/admin-key';
import { canonicalApiPath } from './http/api-path';
import { adminSession } from './http/admin-session';
import { allowedMethods } from './http/allowed-methods';
import { apiCaching } from './http/caching';
import type { AppState, Deps, Middleware } from './http/context';
import { errorHandler } from './http/error-handler';
import { PUBLIC_ANSWER_TTL_MS, publicAnswers, type PublicAnswers } from './http/public-answers';
import { requestFields, requestIdOf, requestLog } from './http/request-log';
import { clientAddress, compileTrust } from './http/client-address';
import { createLogger, lineLog, type Logger } from './ops/logger';
import { createMetrics, type Metrics } from './ops/metrics';
import { metricsRoute, observeRequests } from './ops/metrics-endpoint';
import { httpsSite, securityHeaders } from './http/security-headers';
import { staticApp } from './http/static-files';
import { mount } from './http/mount';
import { OPERATION_LISTS } from './operations';
import type { Tenant } from '../domain/tenants';
import { beaconFirst } from './features/audience/audience.beacon-first';
import { NP_EVENTS_PATH } from './features/now-playing/now-playing.events';
import { nowPlayingEventsFirst } from './features/now-playing/now-playing.events-first';
import { BEACON_PATH } from './features/audience/audience.beacon-request';
import { AUDIENCE_OPERATIONS } from './features/audience/audience.operations';
import { relaySegmentsCounted } from './features/audience/audience.relay-listeners';
import { audienceService, isBot } from './features/audience/audience.service';
import { pageRenderer } from './http/page-render';
import { tenantAndAddress } from './http/tenant';
import { createStorage, type UploadStorage } from './media/storage';
import { jobQueue, type JobQueue } from './jobs/job-queue';
import { DEMO_TUNE, demoStreamRouter } from './features/demo-stream/demo-stream.router';
import { embedsRouter } from './features/embeds/embeds.router';
import { manifestRouter } from './features/manifest/manifest.router';
import { TRACK_RENDITION_JOB, trackRenditionJob } from './features/tracks/renditions.service';
import { EPISODE_RENDITION_JOB, episodeRenditionJob } from './features/episodes/episodes.service';

export interface AppOptions {
  db: Db;
  config: Config;
  now?: () => number;
  /**
   * The process's logger (server/ops/logger.ts): request lines (when config.logRequests),
   * 500s with their stack, background work. JSON lines on stdout at LOG_LEVEL unless given.
   */
  logger?: Logger;
  /** This app's metrics (server/ops/metrics.ts); a registry of its own unless given. */
  metrics?: Metrics;
  /** Upload storage; made from the config (disk or S3) unless given. */
  storage?: UploadStorage;
  /** How changes reach the other processes on the database; in-process only unless given. */
  bus?: ChangeBus;
  /** The durable job queue; one over this database (not polling until started) unless given. */
  jobs?: JobQueue;
}

/** The whole HTTP app, without listen(), so tests run it in-process. */
export function createApp({ db, config, now = Date.now, logger = createLogger({ level: config.ops?.logLevel }), metrics, storage, bus = localChangeBus(), jobs }: AppOptions): Koa<AppState> {
  const writeError = lineLog(logger.child({ name: 'http' }), 'error');
  const queue = jobs ?? jobQueue(db, { log: lineLog(logger.child({ name: 'jobs' })) });
  const meter = metrics ?? createMetrics({ db, now, jobs: queue });
  const deps: Deps = { db, config, now, bus, warn: writeError, jobs: queue, metrics: meter, storage: storage ?? createStorage({ uploadDir: config.uploadDir, s3: config.s3 }) };
  queue.handle(TRACK_RENDITION_JOB, trackRenditionJob(deps, { log: lineLog(logger.child({ name: 'renditions' })) }));
  queue.handle(EPISODE_RENDITION_JOB, episodeRenditionJob(deps, { log: lineLog(logger.child({ name: 'renditions' })) }));
  const app = new Koa<AppState>({ proxy: config.trustProxy !== false });
  // What reaches Koa itself happened after the answer began: mostly a listener or a player
  // that went away mid-download, which is no server fault. The rest is logged as one line.
  app.on('error', (err: { code?: string; message?: string; stack?: string }) => {
    if (err?.code && CLIENT_GONE.has(err.code)) return;
    logger.error({ error: err?.message, stack: err?.stack });
  });

  const trust = compileTrust(config.trustProxy);
  // Answers sent before Koa are timed and logged as the middleware below does it for the rest;
  // their path is one of the kept router paths, so it is the route pattern too. A routine
  // answer (a heartbeat) is logged at debug, as requestLog does.
  const answeredBeforeKoa = ({ method, route, status, ms, tenant }: { method: string; route: string; status: number; ms: number; tenant: Tenant }, req: IncomingMessage, routine = false) => {
    meter.requestDuration.observe({ method, route, status: String(status) }, ms / 1000);
    if (!config.logRequests) return;
    const address = clientAddress(String(req.headers['x-forwarded-for'] ?? ''), req.socket.remoteAddress, trust);
    (routine && status < 400 ? logger.debug : logger.info).call(logger, requestFields({ method, route, status, ms, tenant, address, requestId: requestIdOf(req) }));
  };
  const answers = publicAnswers({
    now,
    ttlMs: config.publicAnswerTtlMs ?? PUBLIC_ANSWER_TTL_MS,
    // Routine: a kept answer is the same bytes for everyone, asked by the thousand (every
    // listener's now-playing poll); logged at info, it was a third of what one cost
    // (docs/operations.md "Logs"). The metrics still count each one.
    log: ({ path: route, ...line }, req) => answeredBeforeKoa({ route, ...line }, req, true),
    onWrite: (tenant) => bus.publish({ topic: 'public', tenant }),
  });
  const beacons = beaconFirst(deps, (line, req) => answeredBeforeKoa({ method: 'POST', route: BEACON_PATH, ...line }, req, true));
  // As observeRequests counts a stream the route leaves open (ops/metrics-endpoint.ts).
  const nowPlayingStreams = nowPlayingEventsFirst(deps, app, (line, req, res) => {
    answeredBeforeKoa({ method: 'GET', route: NP_EVENTS_PATH, ...line }, req);
    res.once('close', meter.streamOpened('now_playing', line.tenant));
  });
  // A write through another process, or a new now-playing answer, reaches this process's
  // kept answers at once rather than after their TTL.
  // A chat event changes no kept answer (chat reads are never kept).
  bus.subscribe((change) => {
    if (change.topic !== 'chat') answers.drop();
  });
  answerBeforeKoa(app, answers, beacons, nowPlayingStreams);

  app.use(observeRequests(meter));
  if (config.logRequests) app.use(requestLog(logger));
  app.use(tenantAndAddress(config.trustProxy));
  app.use(httpsSite(config.publicUrl));
  // Kept public answers go out from here, compressed already, with the headers the chain
  // below (security headers included) gave them on a miss.
  app.use(apiOnly(answers.middleware));
  app.use(securityHeaders(() => hlsOrigins(db)));
  app.use(
    compress({
      threshold: 1024,
      gzip: { level: 6 },
      // Answers are compressed per request, so a fast brotli level beats a small one.
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      deflate: false,
    }),
  );
  app.use(errorHandler(writeError));
  // Not an /api operation: Prometheus asks for it at the top (docs/operations.md "Metrics").
  app.use(metricsRoute(meter, config.ops?.metricsToken ?? null));
  app.use(canonicalApiPath);
  app.use(apiOnly(apiCaching()));
  app.use(apiOnly(adminKey(deps)));
  app.use(apiOnly(adminSession(deps)));
  // One 405 check for every router below it (they all leave their layers in ctx.matched).
  app.use(allowedMethods());
  // The relay's segments answered to players that are not ours, grouped into listening sessions.
  const audience = audienceService(deps);
  app.use(relaySegmentsCounted((tenant, address, userAgent) => audience.relaySegment(tenant, address, userAgent), isBot));
  // The contract's operations (server/operations.ts), one router per feature. The listening
  // beacon's goes first: a heartbeat a minute per listener is most requests, and every router
  // before the one that answers matches the path against all its routes (bench/audience.mjs).
  for (const operations of [AUDIENCE_OPERATIONS, ...OPERATION_LISTS.filter((list) => list !== AUDIENCE_OPERATIONS)]) app.use(mount(deps, operations).routes());
  // Outside the contract (docs/api.md "Outside /api"), before the app's index.html fallback,
  // which would answer every other GET.
  app.use(embedsRouter(deps).routes());
  app.use(manifestRouter(deps).routes());
  // The tune sits in the repository's public folder, beside manifest.webmanifest.
  app.use(demoStreamRouter(path.join(path.dirname(config.manifestPath), DEMO_TUNE)).routes());
  // The server's render of a first screen asks this app's own API in-process (docs/server-render.md).
  let dispatch: ReturnType<typeof app.callback> | null = null;
  app.use(
    staticApp(
      config.appDir,
      pageRenderer(config.appDir, () => (dispatch ??= app.callback()), lineLog(logger.child({ name: 'render' }), 'error'), config.pageRenderWaitMs),
    ),
  );
  return app;
}

/**
 * What is answered before Koa builds its context and runs the chain, as that per-request work
 * is most of what such an answer costs: a request Koa has already answered from a kept public
 * answer (same Host, URL, no admin key; issue 7), a listening beacon with nothing to
 * refuse (audience.beacon-first.ts), and a now-playing stream with nothing to refuse, whose
 * context would otherwise be kept as long as it stays open (now-playing.events-first.ts).
 * app.listen() and tests both go through callback().
 */
function answerBeforeKoa(app: Koa<AppState>, answers: PublicAnswers, beacons: ReturnType<typeof beaconFirst>, streams: ReturnType<typeof nowPlayingEventsFirst>): void {
  const koaCallback = app.callback.bind(app);
  app.callback = () => {
    const handle = koaCallback();
    return (req, res) => {
      if (!(res instanceof ServerResponse)) return handle(req, res);
      if (answers.serve(req as IncomingMessage, res) || beacons.serve(req as IncomingMessage, res, handle) || streams.serve(req as IncomingMessage, res, handle)) return Promise.resolve();
      return handle(req, res);
    };
  };
}

// HPE_INVALID_EOF_STATE: a request body cut off mid-way (an upload whose connection died).
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'HPE_INVALID_EOF_STATE']);

const apiOnly =
  (mw: Middleware): Middleware =>
  (ctx, next) =>
    ctx.path.startsWith('/api/') ? mw(ctx, next) : next();
