import { SESSION_TIMEOUT_MS, type Beacon, type BeaconAnswer, type BeaconEvent, type ListeningSource } from '../../../domain/audience';
import { isTenant, type Tenant } from '../../../domain/tenants';
import { loadSettings } from '../../db/settings-store';
import type { Deps } from '../../http/context';
import { onePerDatabase } from '../../jobs/write-behind';
import { aggregateStretch, hourOf, type Schedule } from './audience.aggregate';
import { BEAT_FLUSH_MS, openSessions } from './audience.open-sessions';
import { relayListeners } from './audience.relay-listeners';
import { audienceRepository, type SessionRow } from './audience.repository';

/** A device clock within this of the server's is trusted as it is; another is corrected by its offset. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Events that waited in the outbox longer than this are refused. */
export const MAX_EVENT_AGE_MS = 48 * 3_600_000;
/** Raw sessions are kept this long; the aggregates for ever. */
export const RAW_KEEP_MS = 90 * 86_400_000;
const CLOSE_PASS_MS = 30_000;
const SCHEDULE_TTL_MS = 60_000;

const BOT = /bot|crawl|spider|slurp|curl|wget|python-|httpclient|axios|node-fetch|go-http|java\/|okhttp|facebookexternalhit|preview|monitor|uptime/i;

/** Crawlers, monitors and scripts: their beacons are refused (docs/api.md "Audience"). */
export const isBot = (userAgent: string | undefined): boolean => !userAgent || BOT.test(userAgent);

export interface AudienceService {
  accept(tenant: Tenant, beacon: Beacon): Promise<BeaconAnswer>;
  /** Closes every session silent for SESSION_TIMEOUT_MS at its last heartbeat. */
  closeStale(): Promise<number>;
  /** Adds the upstream's current listener count (when fresh) to this hour's upstream series. */
  sampleUpstream(): Promise<void>;
  purge(): Promise<number>;
  /** A relay segment answered to a player that is not ours: grouped into sessions (audience.relay-listeners.ts). */
  relaySegment(tenant: Tenant, address: string, userAgent: string): Promise<void>;
  /** Writes the heartbeats kept in memory (the close pass and shutdown call it). */
  flush(): Promise<void>;
  stop(): void;
}

/** The process's one audience service per database (its open sessions are kept in memory). */
export const audienceService = onePerDatabase(createAudienceService);

/**
 * Listening sessions (docs/api.md "Audience"): a session counts only while its heartbeats come
 * (a stop, or two minutes without one, closes it at its last), one install counts once at a
 * time (its new session closes the old), replays (a seq not above the last) are refused. As a
 * session closes, what it listened is added to the hourly and daily aggregates; the report
 * reads only those. An ordinary heartbeat is kept in memory (audience.open-sessions.ts); every
 * other event is decided from the database row, after this process's kept heartbeat of that
 * session is written (docs/operations.md "Audience").
 */
export function createAudienceService(deps: Deps): AudienceService {
  const repo = audienceRepository(deps.db);
  const live = openSessions(repo, deps.now);
  const schedules = new Map<string, { at: number; schedule: Schedule }>();

  const scheduleOf = async (tenant: string): Promise<Schedule> => {
    const cached = schedules.get(tenant);
    if (cached && deps.now() - cached.at < SCHEDULE_TTL_MS) return cached.schedule;
    const t = isTenant(tenant) ? tenant : 'watzhott';
    const schedule = { shows: await repo.showsOf(t), timeZone: (await loadSettings(deps.db, t)).timeZone };
    schedules.set(tenant, { at: deps.now(), schedule });
    return schedule;
  };

  /** Ends the session's uncounted stretch at `endMs` (closing it unless `reopen`) and adds it up. */
  const close = async (row: SessionRow, endMs: number, ended: SessionRow['ended'], nextSeq = row.last_seq, reopenAt?: number): Promise<boolean> => {
    const end = Math.max(endMs, row.counted_ms);
    const first = row.counted_ms === row.started_ms;
    const delta = aggregateStretch({ fromMs: row.counted_ms, toMs: end, kind: row.kind, source: row.source, country: row.country, first }, await scheduleOf(row.tenant));
    // counted_ms moves past started_ms even for a zero-length session, so it is a session once.
    const counted = reopenAt ?? (end === row.started_ms ? end + 1 : end);
    const patch: Partial<SessionRow> = reopenAt === undefined ? { open: false, ended, last_ms: end, counted_ms: counted, last_seq: nextSeq } : { open: true, ended: null, last_ms: reopenAt, counted_ms: counted, last_seq: nextSeq };
    return repo.closeWith({ tenant: row.tenant, id: row.id, fromSeq: row.last_seq, patch }, row.install_id, delta, deps.now());
  };

  /**
   * One install listens once at a time: its other open sessions end where this one begins. A
   * heartbeat written by another process between the read and the close moves the row on and
   * the close misses: it is read again and closed from there.
   */
  const closeOthers = async (tenant: Tenant, ev: BeaconEvent, at: number) => {
    for (const other of await repo.openSessionsOf(tenant, ev.i)) {
      if (other.id === ev.s) continue;
      await live.release(tenant, other.id);
      for (let tries = 0; tries < 5; tries++) {
        const row = await repo.session(tenant, other.id);
        if (!row?.open || (await close(row, Math.min(row.last_ms, at), 'replaced'))) break;
      }
    }
  };

  /**
   * A start that finds its session open: a replay (refused), or the start of a session one of
   * its later beats opened first, having overtaken it on the way or been handled beside it
   * (separate beacons arrive in any order). Then nothing of it is counted yet and sound began
   * earlier: the session is moved back to its start. Beats sent together (timers that fired at
   * once on a waking phone) can let a later one open it minutes after the start. Each event
   * from the start to the session's last heartbeat could have come up to SESSION_TIMEOUT_MS
   * after the one before, so a start within that many steps of the last heartbeat is still this
   * session's; one further back had a silence in between that would have ended it.
   */
  const startEarlier = async (row: SessionRow, ev: BeaconEvent, at: number): Promise<boolean> => {
    const uncounted = row.open && row.counted_ms === row.started_ms && row.install_id === ev.i && ev.seq < row.last_seq;
    if (!uncounted || at >= row.started_ms || row.last_ms - at > (row.last_seq - ev.seq) * SESSION_TIMEOUT_MS) return false;
    return repo.moveStart(row.tenant, row.id, row.started_ms, at);
  };

  const handle = async (tenant: Tenant, ev: BeaconEvent, at: number, source: ListeningSource = 'player'): Promise<boolean> => {
    if (ev.e === 'beat') {
      const kept = live.beat(tenant, ev.s, ev.i, ev.seq, at);
      if (!kept.ask) return kept.counted;
    }
    // Anything but an ordinary beat of a session held here: the database row decides, with
    // this process's kept heartbeat of it written first.
    await live.release(tenant, ev.s);
    let row = await repo.session(tenant, ev.s);
    if (!row) {
      if (ev.e === 'stop') return false; // A stop of nothing.
      await closeOthers(tenant, ev, at);
      const started: SessionRow = { tenant, id: ev.s, install_id: ev.i, kind: ev.kind, source, country: ev.country ?? null, started_ms: at, last_ms: at, last_seq: ev.seq, counted_ms: at, open: true, ended: null };
      if (await repo.insertSession(started)) {
        live.hold(started, false);
        return true;
      }
      // Another event of this session was handled beside this one and opened it first.
      row = await repo.session(tenant, ev.s);
      if (!row) return false;
    }
    if (ev.e === 'start') return startEarlier(row, ev, at);
    if (ev.seq <= row.last_seq || row.install_id !== ev.i) return false;
    const gap = at - row.last_ms;
    if (gap < 0) return false; // Older than what the session has already.
    if (!row.open) {
      // A closed session comes back only seamlessly: beats sent late from the outbox after the
      // close pass ended it at its last heartbeat. Its stretch goes on from there.
      if (row.ended !== 'timeout' || gap > SESSION_TIMEOUT_MS) return false;
      await closeOthers(tenant, ev, at);
      if (ev.e === 'stop') return close({ ...row, last_ms: at }, at, 'stop', ev.seq);
      return repo.updateSession(tenant, ev.s, row.last_seq, { open: true, ended: null, last_ms: at, last_seq: ev.seq });
    }
    if (gap > SESSION_TIMEOUT_MS) {
      // Silent too long: it ended at its last heartbeat; sound again starts a new stretch.
      if (ev.e === 'stop') return close(row, row.last_ms, 'stop', ev.seq);
      return close(row, row.last_ms, null, ev.seq, at);
    }
    if (ev.e === 'stop') return close(row, at, 'stop', ev.seq);
    // An ordinary beat of a session this process did not hold: held from now on.
    live.hold({ ...row, last_ms: at, last_seq: ev.seq }, true);
    return true;
  };

  let passing: Promise<number> = Promise.resolve(0);
  const closeStale = () =>
    (passing = passing.catch(() => 0).then(async () => {
      let closed = 0;
      await live.flush();
      for (;;) {
        const cutoff = deps.now() - SESSION_TIMEOUT_MS;
        const stale = await repo.staleSessions(cutoff);
        for (let row of stale) {
          // A beat kept here since the flush: the session is alive after all.
          if (await live.release(row.tenant, row.id)) {
            const fresh = await repo.session(row.tenant as Tenant, row.id);
            if (!fresh?.open || fresh.last_ms > cutoff) continue;
            row = fresh;
          }
          if (await close(row, row.last_ms, 'timeout')) closed += 1;
        }
        if (stale.length < 500) return closed;
      }
    }));
  const sampleUpstream = async () => {
    const now = deps.now();
    for (const u of await repo.upstreamListeners()) {
      // A count older than two minutes is the upstream gone quiet, not an audience.
      if (now - u.fetchedMs <= 2 * 60_000) await repo.addUpstreamSample(u.tenant, hourOf(now), u.listeners);
    }
  };
  const relay = relayListeners(deps.now, (tenant, ev, at) => handle(tenant, ev, at, 'relay'));
  let passes = 0;
  const timer = setInterval(() => {
    passes += 1;
    relay.sweep();
    void closeStale().catch(() => undefined);
    if (passes % 2 === 0) void sampleUpstream().catch(() => undefined);
    if (passes % 120 === 0) void service.purge().catch(() => undefined);
  }, CLOSE_PASS_MS);
  timer.unref();
  const flushTimer = setInterval(() => void live.flush().catch(() => undefined), BEAT_FLUSH_MS);
  flushTimer.unref();

  const service: AudienceService = {
    async accept(tenant, beacon) {
      const now = deps.now();
      const offset = Math.abs(now - beacon.n) <= CLOCK_SKEW_MS ? 0 : now - beacon.n;
      let accepted = 0;
      for (const ev of beacon.events) {
        const at = ev.t + offset;
        const fits = at <= now + CLOCK_SKEW_MS && at >= now - MAX_EVENT_AGE_MS;
        if (fits && (await handle(tenant, ev, at))) accepted += 1;
      }
      return { accepted, refused: beacon.events.length - accepted };
    },
    closeStale,
    sampleUpstream,
    purge: () => repo.purgeBefore(deps.now() - RAW_KEEP_MS),
    relaySegment: (tenant, address, userAgent) => relay.segment(tenant, address, userAgent),
    flush: () => live.flush(),
    stop: () => {
      clearInterval(timer);
      clearInterval(flushTimer);
    },
  };
  return service;
}
