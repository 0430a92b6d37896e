import type { Knex } from 'knex';
import type { ListeningKind, ListeningSource } from '../../../domain/audience';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import { isPostgres, type Db } from '../../db/knex';
import { toShow, type ShowRow } from '../../db/show-rows';

export interface SessionRow {
  tenant: string;
  id: string;
  install_id: string;
  kind: ListeningKind;
  source: ListeningSource;
  country: string | null;
  started_ms: number;
  last_ms: number;
  last_seq: number;
  counted_ms: number;
  open: boolean;
  ended: 'stop' | 'timeout' | 'replaced' | null;
}

/** What one closed stretch of listening adds to the aggregates (audience.aggregate.ts). */
export interface AggregateDelta {
  hours: Map<number, { seconds: Record<ListeningKind, number>; minutes: number[]; sessions: number }>;
  days: string[];
  shows: Map<string, { day: string; showId: string; title: string; seconds: number }>;
  breakdown: Map<string, { day: string; key: string; seconds: number }>;
}

const toSession = (r: Record<string, unknown>): SessionRow => ({
  ...(r as unknown as SessionRow),
  started_ms: Number(r.started_ms),
  last_ms: Number(r.last_ms),
  last_seq: Number(r.last_seq),
  counted_ms: Number(r.counted_ms),
  open: Boolean(r.open),
});

export interface HourRow {
  hour_ms: number;
  live_seconds: number;
  episode_seconds: number;
  track_seconds: number;
  peak: number;
  unique_installs: number;
  sessions: number;
  upstream_peak: number;
  upstream_sum: number;
  upstream_samples: number;
}

const emptyMinutes = () => JSON.stringify(new Array<number>(60).fill(0));

export function audienceRepository(db: Db) {
  /** A row to add to, made if missing and held (PostgreSQL) until the transaction ends. */
  const lockRow = async (trx: Knex.Transaction, table: string, key: Record<string, unknown>, defaults: Record<string, unknown>) => {
    await trx(table).insert({ ...key, ...defaults }).onConflict(Object.keys(key)).ignore();
    const q = trx(table).where(key).first();
    return isPostgres(db) ? q.forUpdate() : q;
  };
  /** True when this install had not been counted in this hour or day yet (and marks it). */
  const firstSeen = async (trx: Knex.Transaction, tenant: string, period: string, installId: string, at: number) => {
    const inserted = await trx('audience_seen').insert({ tenant, period, install_id: installId, at_ms: at }).onConflict(['tenant', 'period', 'install_id']).ignore().returning('install_id');
    return Array.isArray(inserted) && inserted.length > 0;
  };

  return {
    async session(tenant: Tenant, id: string): Promise<SessionRow | null> {
      const row = await db('listening_sessions').where({ tenant, id }).first();
      return row ? toSession(row) : null;
    },
    async openSessionsOf(tenant: Tenant, installId: string): Promise<SessionRow[]> {
      return (await db('listening_sessions').where({ tenant, install_id: installId, open: true })).map(toSession);
    },
    async insertSession(row: SessionRow): Promise<boolean> {
      const inserted = await db('listening_sessions').insert(row).onConflict(['tenant', 'id']).ignore().returning('id');
      return Array.isArray(inserted) && inserted.length > 0;
    },
    /** Moves a session's start (not yet counted) back, only from the start it was read at. */
    async moveStart(tenant: string, id: string, fromStartedMs: number, toMs: number): Promise<boolean> {
      const moved = await db('listening_sessions').where({ tenant, id, open: true, started_ms: fromStartedMs, counted_ms: fromStartedMs }).update({ started_ms: toMs, counted_ms: toMs });
      return moved > 0;
    },
    /** Moves a session on, only from the seq it was read at: two writers of one session cannot both win. */
    async updateSession(tenant: string, id: string, fromSeq: number, patch: Partial<SessionRow>): Promise<boolean> {
      return (await db('listening_sessions').where({ tenant, id, last_seq: fromSeq }).update(patch)) > 0;
    },
    /**
     * Heartbeats kept in a process's memory, written in one statement per 500 sessions: each
     * open session's last heartbeat and seq move only forward (GREATEST: another process may
     * have written a later one). Answers the sessions it moved; one missing was closed meanwhile.
     */
    async writeBeats(beats: readonly { tenant: string; id: string; lastMs: number; lastSeq: number }[]): Promise<Set<string>> {
      const moved = new Set<string>();
      const pg = isPostgres(db);
      const row = pg ? '(?::varchar, ?::varchar, ?::bigint, ?::integer)' : '(?, ?, ?, ?)';
      const greatest = pg ? 'greatest' : 'max';
      // SQLite's RETURNING names the updated table's columns only; PostgreSQL's would find tenant in v too.
      const returning = pg ? 's.tenant, s.id' : 'tenant, id';
      for (let k = 0; k < beats.length; k += 500) {
        const chunk = beats.slice(k, k + 500);
        const result = await db.raw(
          `with v(tenant, id, last_ms, last_seq) as (values ${chunk.map(() => row).join(', ')})
           update listening_sessions as s set last_ms = ${greatest}(s.last_ms, v.last_ms), last_seq = ${greatest}(s.last_seq, v.last_seq)
           from v where s.tenant = v.tenant and s.id = v.id and s.open = ?
           returning ${returning}`,
          [...chunk.flatMap((b) => [b.tenant, b.id, b.lastMs, b.lastSeq]), true],
        );
        // pg answers { rows }, sqlite3 answers the rows array.
        for (const r of (Array.isArray(result) ? result : result.rows) as { tenant: string; id: string }[]) moved.add(`${r.tenant}/${r.id}`);
      }
      return moved;
    },
    /** Open sessions whose last heartbeat is at or before `beforeMs`. */
    async staleSessions(beforeMs: number, limit = 500): Promise<SessionRow[]> {
      return (await db('listening_sessions').where({ open: true }).where('last_ms', '<=', beforeMs).limit(limit)).map(toSession);
    },

    /**
     * Closes (or moves on) a session and adds what it listened to the aggregates, in one
     * transaction: false, with nothing added, when another write moved the session first.
     */
    async closeWith(session: { tenant: string; id: string; fromSeq: number; patch: Partial<SessionRow> }, installId: string, delta: AggregateDelta, at: number): Promise<boolean> {
      const { tenant } = session;
      return db.transaction(async (trx) => {
        const moved = await trx('listening_sessions').where({ tenant, id: session.id, last_seq: session.fromSeq }).update(session.patch);
        if (moved === 0) return false;
        for (const [hourMs, h] of [...delta.hours].sort((a, b) => a[0] - b[0])) {
          const row = await lockRow(trx, 'audience_hours', { tenant, hour_ms: hourMs }, { minutes: emptyMinutes() });
          const minutes = JSON.parse(row.minutes as string) as number[];
          for (const m of h.minutes) minutes[m] = (minutes[m] ?? 0) + 1;
          const unique = (await firstSeen(trx, tenant, `h${hourMs}`, installId, at)) ? 1 : 0;
          await trx('audience_hours')
            .where({ tenant, hour_ms: hourMs })
            .update({
              live_seconds: Number(row.live_seconds) + h.seconds.live,
              episode_seconds: Number(row.episode_seconds) + h.seconds.episode,
              track_seconds: Number(row.track_seconds) + h.seconds.track,
              minutes: JSON.stringify(minutes),
              peak: Math.max(...minutes),
              unique_installs: Number(row.unique_installs) + unique,
              sessions: Number(row.sessions) + h.sessions,
            });
        }
        for (const day of delta.days) {
          if (!(await firstSeen(trx, tenant, `d${day}`, installId, at))) continue;
          const row = await lockRow(trx, 'audience_days', { tenant, day }, {});
          await trx('audience_days').where({ tenant, day }).update({ unique_installs: Number(row.unique_installs) + 1 });
        }
        for (const s of delta.shows.values()) {
          const row = await lockRow(trx, 'audience_shows', { tenant, day: s.day, show_id: s.showId }, { title: s.title });
          await trx('audience_shows').where({ tenant, day: s.day, show_id: s.showId }).update({ title: s.title, seconds: Number(row.seconds) + s.seconds });
        }
        for (const b of delta.breakdown.values()) {
          const row = await lockRow(trx, 'audience_breakdown', { tenant, day: b.day, key: b.key }, {});
          await trx('audience_breakdown').where({ tenant, day: b.day, key: b.key }).update({ seconds: Number(row.seconds) + b.seconds });
        }
        return true;
      });
    },
    /** Installs heard on any of these days (the day sets are kept 90 days). */
    async distinctInstalls(tenant: Tenant, days: string[]): Promise<number> {
      if (days.length === 0) return 0;
      const row = await db('audience_seen').where({ tenant }).whereIn('period', days.map((d) => `d${d}`)).countDistinct({ n: 'install_id' }).first();
      return Number(row?.n ?? 0);
    },

    /** The upstream's listener count, sampled: added to its hour. */
    async addUpstreamSample(tenant: string, hourMs: number, listeners: number): Promise<void> {
      await db.transaction(async (trx) => {
        const row = await lockRow(trx, 'audience_hours', { tenant, hour_ms: hourMs }, { minutes: emptyMinutes() });
        await trx('audience_hours')
          .where({ tenant, hour_ms: hourMs })
          .update({
            upstream_peak: Math.max(Number(row.upstream_peak), listeners),
            upstream_sum: Number(row.upstream_sum) + listeners,
            upstream_samples: Number(row.upstream_samples) + 1,
          });
      });
    },

    async hours(tenant: Tenant, fromMs: number, toMs: number): Promise<HourRow[]> {
      const rows = await db('audience_hours').where({ tenant }).where('hour_ms', '>=', fromMs).where('hour_ms', '<', toMs).orderBy('hour_ms');
      return rows.map((r) => {
        const out: Record<string, number> = {};
        for (const [k, v] of Object.entries(r)) if (k !== 'tenant' && k !== 'minutes') out[k] = Number(v);
        return out as unknown as HourRow;
      });
    },
    async days(tenant: Tenant, fromDay: string, toDay: string): Promise<{ day: string; unique: number }[]> {
      const rows = await db('audience_days').where({ tenant }).where('day', '>=', fromDay).where('day', '<', toDay).orderBy('day');
      return rows.map((r) => ({ day: r.day as string, unique: Number(r.unique_installs) }));
    },
    /** Each show's seconds over the days, most first (the title it had last). */
    async shows(tenant: Tenant, fromDay: string, toDay: string): Promise<{ showId: string; title: string; seconds: number }[]> {
      const rows = await db('audience_shows').where({ tenant }).where('day', '>=', fromDay).where('day', '<', toDay).orderBy('day');
      const by = new Map<string, { showId: string; title: string; seconds: number }>();
      for (const r of rows) {
        const s = by.get(r.show_id) ?? { showId: r.show_id as string, title: r.title as string, seconds: 0 };
        s.title = r.title as string;
        s.seconds += Number(r.seconds);
        by.set(s.showId, s);
      }
      return [...by.values()].sort((a, b) => b.seconds - a.seconds);
    },
    async breakdown(tenant: Tenant, fromDay: string, toDay: string, prefix: string): Promise<Map<string, number>> {
      const rows = await db('audience_breakdown').where({ tenant }).where('day', '>=', fromDay).where('day', '<', toDay).where('key', 'like', `${prefix}%`);
      const out = new Map<string, number>();
      for (const r of rows) out.set((r.key as string).slice(prefix.length), (out.get((r.key as string).slice(prefix.length)) ?? 0) + Number(r.seconds));
      return out;
    },

    async showsOf(tenant: Tenant): Promise<Pick<Show, 'id' | 'title' | 'startTime' | 'endTime' | 'days'>[]> {
      return (await db<ShowRow>('shows').where({ tenant })).map(toShow);
    },

    /** The upstream's last listener count per tenant, from the now-playing cache (np_cache). */
    async upstreamListeners(): Promise<{ tenant: string; listeners: number; fetchedMs: number }[]> {
      const rows = await db('np_cache').whereNotNull('payload').select('tenant', 'payload');
      return rows.flatMap((r) => {
        try {
          const good = JSON.parse(r.payload as string) as { data?: { listeners?: unknown }; fetchedMs?: unknown };
          const listeners = good.data?.listeners;
          return typeof listeners === 'number' && typeof good.fetchedMs === 'number' ? [{ tenant: r.tenant as string, listeners, fetchedMs: good.fetchedMs }] : [];
        } catch {
          return [];
        }
      });
    },

    /** Raw sessions and seen-sets older than the cutoff go; the aggregates stay. */
    async purgeBefore(cutoffMs: number): Promise<number> {
      const sessions = await db('listening_sessions').where('started_ms', '<', cutoffMs).where({ open: false }).delete();
      await db('audience_seen').where('at_ms', '<', cutoffMs).delete();
      return sessions;
    },
  };
}

export type AudienceRepository = ReturnType<typeof audienceRepository>;
