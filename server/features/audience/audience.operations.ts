import { BEACON_MAX_EVENTS, BeaconSchema } from '../../../domain/audience';
import type { Middleware } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import { operationsWith, RETRY_AFTER } from '../../http/operation';
import { parseWith } from '../../http/validate';
import { audienceCsv, audienceReport, reportPeriod } from './audience.report';
import { audienceRepository } from './audience.repository';
import { audienceService, isBot } from './audience.service';
import { BEACON_PATH, BEACON_RATE, isBeaconType, readBeacon } from './audience.beacon-request';

const beaconBody: Middleware = async (ctx, next) => {
  if (!isBeaconType(ctx.get('content-type'))) throw badRequest('Send the beacon as text/plain or application/json');
  const raw = await readBeacon(ctx.req);
  try {
    ctx.state.body = JSON.parse(raw);
  } catch {
    throw badRequest('Malformed JSON');
  }
  await next();
};

const PERIOD_QUERY = [
  { name: 'from', description: 'Start (ISO 8601 date or date-time, UTC), rounded down to its hour. Default: 24 hours before `to`.', schema: { type: 'string' } },
  { name: 'to', description: 'End, exclusive (rounded up to its hour). Default: the end of this hour. At most 62 days after `from`.', schema: { type: 'string' } },
];

const op = operationsWith((deps) => ({ deps, audience: audienceService(deps), repo: audienceRepository(deps.db) }), { tag: 'audience' });

/** docs/api.md "Audience": the listening beacon and the listener report. */
export const AUDIENCE_OPERATIONS = [
  op({
    method: 'post', path: BEACON_PATH, summary: "The player's listening beacon",
    description: `Events of anonymous listening sessions (start, a heartbeat each minute while sound plays, stop), at most ${BEACON_MAX_EVENTS} a batch, in the order they happened. Refused events (a replay, an old seq, a stop of an unknown session, a time out of limits) are counted, not stored. Bots are refused. No address is stored.`,
    // Counted per process: a database round trip per heartbeat was most of its cost (bench/audience.mjs).
    rateLimit: { bucket: BEACON_RATE.bucket, perMinute: () => BEACON_RATE.perMinute, perProcess: true },
    readBody: () => beaconBody,
    // A heartbeat a minute per listener: if each dropped the kept answers, every public GET
    // would go back to the database, and every other process would be told to drop its own.
    keepsPublicAnswers: true,
    body: { content: { 'text/plain': { $ref: '#/components/schemas/Beacon' }, 'application/json': { $ref: '#/components/schemas/Beacon' } }, unchecked: true },
    responses: {
      202: { description: 'How many events counted and how many were refused.', json: 'BeaconAnswer' },
      400: { description: 'Not a beacon.', json: 'Error' },
      403: { description: 'A bot.', json: 'Error' },
      429: { description: 'Too many beacons from this address.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: async (ctx, { audience }) => {
      if (isBot(ctx.get('user-agent'))) throw forbidden('Bots are not counted');
      const beacon = parseWith(BeaconSchema, ctx.state.body);
      ctx.status = 202;
      ctx.body = await audience.accept(ctx.state.tenant, beacon);
      ctx.state.routine = true;
    },
  }),
  op({
    method: 'get', path: '/api/admin/audience', summary: 'The listener report (owner, editor)',
    description: 'Hour by hour (UTC): peak and average listeners at once, listening hours, unique installs; totals; top shows by listening hours; days, kinds, countries and the upstream count.',
    role: 'content',
    query: PERIOD_QUERY,
    responses: { 200: { description: 'The report.', json: 'AudienceReport' }, 400: { description: 'A bad period.', json: 'Error' } },
    handle: async (ctx, { deps, audience, repo }) => {
      const { fromMs, toMs } = reportPeriod(ctx.query, deps.now());
      await audience.closeStale();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await audienceReport(repo, ctx.state.tenant, fromMs, toMs, deps.now());
    },
  }),
  op({
    method: 'get', path: '/api/admin/audience.csv', summary: 'The hourly figures as CSV (owner, editor)',
    description: 'The same hours as the report, the same rounding: `hour,peak,average,listeningHours,unique`.',
    role: 'content',
    query: PERIOD_QUERY,
    responses: { 200: { description: 'CSV.', content: { 'text/csv': { type: 'string' } } }, 400: { description: 'A bad period.', json: 'Error' } },
    handle: async (ctx, { deps, audience, repo }) => {
      const { fromMs, toMs } = reportPeriod(ctx.query, deps.now());
      await audience.closeStale();
      const report = await audienceReport(repo, ctx.state.tenant, fromMs, toMs, deps.now());
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="audience-${ctx.state.tenant}-${report.from.slice(0, 10)}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = audienceCsv(report);
    },
  }),
];
