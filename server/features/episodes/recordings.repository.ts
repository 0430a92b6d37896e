import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import { claimLease } from '../../db/leases';
import type { Db } from '../../db/knex';
import { newId, nowIso } from '../../db/rows';
import { showsRepository } from '../shows/shows.repository';

/** A show marked 'Record this show', as the recorder needs it. */
export type RecordedShow = Pick<Show, 'id' | 'title' | 'startTime' | 'endTime' | 'days'>;

/** One airing of one show: the key of its claim row. */
export interface AiringKey {
  tenant: Tenant;
  showId: string;
  /** 'YYYY-MM-DDTHH:MM' in the tenant's zone (domain/airings.ts). */
  airingKey: string;
}

export type RecordingStatus = 'recording' | 'done' | 'empty';

const keyOf = (k: AiringKey) => ({ tenant: k.tenant, show_id: k.showId, airing_key: k.airingKey });

/**
 * The recorder's claim rows (docs/recorder.md "Exactly once"): one row per airing, made by the
 * first process to insert it, kept by that process's heartbeat, taken over by another when
 * the heartbeat stops, and closed (done or empty) when the airing's recording is finished.
 */
export function recordingsRepository(db: Db) {
  return {
    async recordedShows(tenant: Tenant): Promise<RecordedShow[]> {
      return showsRepository(db).recorded(tenant);
    },

    /** Claims (or renews, or takes over) the airing's recording for `holder`: true when it is ours. */
    async claim(k: AiringKey, airing: { startsAtMs: number; endsAtMs: number }, holder: string, now: number, expiresMs: number): Promise<boolean> {
      return claimLease(db, 'recordings', keyOf(k), {
        holder,
        now,
        expiresMs,
        open: { status: 'recording' },
        newRow: { id: newId(), starts_ms: airing.startsAtMs, ends_ms: airing.endsAtMs, status: 'recording', episode_id: null, created_at: nowIso(now) },
      });
    },

    /** The heartbeat: false when another process has taken the airing over (or it is closed). */
    async renew(k: AiringKey, holder: string, expiresMs: number): Promise<boolean> {
      return (await db('recordings').where({ ...keyOf(k), holder, status: 'recording' }).update({ expires_ms: expiresMs })) === 1;
    },

    /** Closes the airing as this holder's: true when it still held it (so it may make the episode). */
    async close(k: AiringKey, holder: string, status: Exclude<RecordingStatus, 'recording'>, episodeId: string | null): Promise<boolean> {
      return (await db('recordings').where({ ...keyOf(k), holder, status: 'recording' }).update({ status, episode_id: episodeId })) === 1;
    },

    async find(k: AiringKey): Promise<{ holder: string; status: RecordingStatus; episodeId: string | null; expiresMs: number } | null> {
      const row = (await db('recordings').where(keyOf(k)).first('holder', 'status', 'episode_id', 'expires_ms')) as
        | { holder: string; status: RecordingStatus; episode_id: string | null; expires_ms: number | string }
        | undefined;
      return row ? { holder: row.holder, status: row.status, episodeId: row.episode_id, expiresMs: Number(row.expires_ms) } : null;
    },
  };
}

export type RecordingsRepository = ReturnType<typeof recordingsRepository>;
