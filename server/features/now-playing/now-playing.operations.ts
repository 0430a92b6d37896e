import { localChangeBus } from '../../db/change-bus';
import type { Deps } from '../../http/context';
import { operationsWith, RETRY_AFTER } from '../../http/operation';
import { eventStreamOptionsFromEnv, NP_EVENTS_PATH, nowPlayingEvents } from './now-playing.events';
import { nowPlayingHub } from './now-playing.hub';
import { nowPlayingService } from './now-playing.service';

/** The feature's state, one per app: the operations' and the stream's early answer's (now-playing.events-first.ts). */
export function nowPlayingSetup(deps: Deps) {
  const streamOptions = eventStreamOptionsFromEnv();
  const bus = deps.bus ?? localChangeBus();
  // A new upstream answer fetched here is told to every process (this one included).
  const service = nowPlayingService(deps, { onNewAnswer: (tenant) => bus.publish({ topic: 'np', tenant }) });
  // One hub per app, reading through the same service (and so the same upstream poller).
  const hub = nowPlayingHub((tenant) => service.get(tenant), { ...streamOptions, now: deps.now, tick: (tenant) => service.refresh(tenant) });
  bus.subscribe((change) => {
    if (change.topic === 'chat') return;
    // Another process's new upstream answer is in the database, not in this poller's memory.
    if (change.topic === 'np') service.forget(change.tenant);
    // A write (settings, shows…) may change the answer too: one read per process tells.
    hub.changed(change.tenant);
  });
  return { service, events: nowPlayingEvents(hub, streamOptions) };
}

const op = operationsWith(nowPlayingSetup, { tag: 'now playing' });

/** docs/api.md, Now playing. */
export const NOW_PLAYING_OPERATIONS = [
  op({
    method: 'get', path: '/api/np', summary: 'Now playing and recent history',
    description: 'From the tenant’s `npJsonUrl` (polled at most every 10 s per tenant) or, without one, the show on air. `Cache-Control: public, max-age=10`.',
    responses: { 200: { description: 'Now playing.', json: 'NowPlaying' } },
    handle: async (ctx, { service }) => {
      ctx.body = await service.get(ctx.state.tenant);
      ctx.set('Cache-Control', 'public, max-age=10');
    },
  }),
  op({
    method: 'get', path: NP_EVENTS_PATH, summary: 'Now playing as Server-Sent Events',
    description:
      'On connect the current `GET /api/np` answer as `data` with its ETag as `id` (skipped when `Last-Event-ID`, or `lastEventId` on a fresh open, already names it), then only changes; a `:` heartbeat every 25 s and a `retry:` of 3–8 s. `Cache-Control: no-store`. Over 100 streams from one client address: 429; over 10,000 in the process: 503.',
    query: [{ name: 'lastEventId', description: 'The id of the last event seen, for a fresh EventSource that cannot send Last-Event-ID.', schema: { type: 'string' } }],
    headers: [{ name: 'Last-Event-ID', description: 'Sent by EventSource on a reconnect.', schema: { type: 'string' } }],
    responses: {
      200: { description: 'An endless event stream; each `data` is a NowPlaying answer.', content: { 'text/event-stream': { type: 'string' } } },
      429: { description: 'Too many streams from this address.', json: 'Error', headers: RETRY_AFTER },
      503: { description: 'Too many streams on this server (NP_EVENTS_MAX_TOTAL); poll GET /api/np meanwhile.', json: 'Error', headers: RETRY_AFTER },
    },
    handle: (ctx, { events }) => events.route(ctx),
  }),
];
