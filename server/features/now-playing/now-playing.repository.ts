import { NP_HISTORY_MAX, type NowPlayingSong, type PlayedSong } from '../../../domain/now-playing';
import type { Show } from '../../../domain/shows';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { jsonArray, nowIso } from '../../db/rows';

interface HistoryRow {
  title: string;
  artist: string;
  played_at: string;
}

export function nowPlayingRepository(db: Db) {
  return {
    async history(tenant: Tenant): Promise<PlayedSong[]> {
      const rows = (await db('np_history')
        .where({ tenant })
        .orderBy('seq', 'desc')
        .limit(NP_HISTORY_MAX)
        .select('title', 'artist', 'played_at')) as HistoryRow[];
      return rows.map((r) => ({ title: r.title, artist: r.artist, playedAt: r.played_at }));
    },

    /** Records a song and keeps only the newest NP_HISTORY_MAX per tenant. */
    async record(tenant: Tenant, song: NowPlayingSong, playedAtMs: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('np_history').insert({ tenant, title: song.title, artist: song.artist, art: song.art, played_at: nowIso(playedAtMs) });
        const keep = trx('np_history').where({ tenant }).orderBy('seq', 'desc').limit(NP_HISTORY_MAX).select('seq');
        await trx('np_history').where({ tenant }).whereNotIn('seq', keep).delete();
      });
    },

    /** The schedule, read for the fallback of product.md (the show on air now). */
    async shows(tenant: Tenant): Promise<Pick<Show, 'title' | 'startTime' | 'endTime' | 'days'>[]> {
      const rows = (await db('shows').where({ tenant }).select('title', 'start_time', 'end_time', 'days')) as {
        title: string;
        start_time: string;
        end_time: string;
        days: string;
      }[];
      return rows.map((r) => ({
        title: r.title,
        startTime: r.start_time,
        endTime: r.end_time,
        days: jsonArray(r.days) as Show['days'],
      }));
    },
  };
}
