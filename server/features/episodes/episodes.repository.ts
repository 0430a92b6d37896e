import type { Episode, EpisodePatch, EpisodeSource, EpisodeStatus, NewEpisode } from '../../../domain/episodes';
import type { Tenant } from '../../../domain/tenants';
import type { Db } from '../../db/knex';
import { newId, nowIso, num, numOrNull, strOrNull } from '../../db/rows';
import { showsRepository } from '../shows/shows.repository';

type EpisodeRow = {
  id: string;
  tenant: string;
  show_id: string | null;
  title: string;
  description: string;
  audio_url: string;
  low_data_url: string | null;
  duration_seconds: number | string;
  bytes: number | string;
  low_data_bytes: number | string | null;
  image_url: string | null;
  published_at: string | null;
  status: string;
  source: string;
  created_at: string;
};

const toEpisode = (r: EpisodeRow): Episode => ({
  id: r.id,
  showId: strOrNull(r.show_id),
  title: r.title,
  description: r.description,
  audioUrl: r.audio_url,
  lowDataUrl: strOrNull(r.low_data_url),
  durationSeconds: num(r.duration_seconds),
  bytes: num(r.bytes),
  lowDataBytes: numOrNull(r.low_data_bytes),
  imageUrl: strOrNull(r.image_url),
  publishedAt: strOrNull(r.published_at),
  status: r.status as EpisodeStatus,
  source: r.source as EpisodeSource,
  createdAt: r.created_at,
});

export interface EpisodeFile {
  durationSeconds: number;
  bytes: number;
}

/** The only place that reads or writes the episodes table. */
export function episodesRepository(db: Db) {
  return {
    /**
     * publishedOnly: what a visitor sees, newest publication first. Otherwise (admins) drafts
     * too, by publication or, for a draft, creation time.
     */
    async list(tenant: Tenant, filter: { showId?: string; publishedOnly: boolean; limit?: number }): Promise<Episode[]> {
      const q = db<EpisodeRow>('episodes').where({ tenant });
      if (filter.showId) q.andWhere('show_id', filter.showId);
      if (filter.publishedOnly) q.andWhere('status', 'published').orderBy('published_at', 'desc');
      else q.orderByRaw('coalesce(published_at, created_at) desc');
      q.orderBy('id');
      if (filter.limit) q.limit(filter.limit);
      return (await q).map(toEpisode);
    },

    async find(tenant: Tenant, id: string): Promise<Episode | null> {
      const row = await db<EpisodeRow>('episodes').where({ tenant, id }).first();
      return row ? toEpisode(row) : null;
    },

    /** Any tenant's (the rendition job knows only the id). */
    async findById(id: string): Promise<Episode | null> {
      const row = await db<EpisodeRow>('episodes').where({ id }).first();
      return row ? toEpisode(row) : null;
    },

    async showExists(tenant: Tenant, showId: string): Promise<boolean> {
      return (await showsRepository(db).idsAmong(tenant, [showId])).size > 0;
    },

    /** Titles of the tenant's shows by id, for the feed's and the page's 'show' line. */
    async showTitles(tenant: Tenant): Promise<Map<string, string>> {
      return showsRepository(db).titles(tenant);
    },

    async create(tenant: Tenant, input: NewEpisode, file: EpisodeFile, source: EpisodeSource, now: number): Promise<Episode> {
      const row: EpisodeRow = {
        id: newId(),
        tenant,
        show_id: input.showId,
        title: input.title,
        description: input.description,
        audio_url: input.audioUrl,
        low_data_url: null,
        duration_seconds: Math.round(file.durationSeconds),
        bytes: file.bytes,
        low_data_bytes: null,
        image_url: input.imageUrl,
        published_at: input.status === 'published' ? nowIso(now) : null,
        status: input.status,
        source,
        created_at: nowIso(now),
      };
      await db('episodes').insert(row);
      return toEpisode(row);
    },

    /** Publishing stamps publishedAt (once); back to draft clears it. */
    async update(tenant: Tenant, id: string, patch: EpisodePatch, now: number): Promise<Episode | null> {
      const current = await this.find(tenant, id);
      if (!current) return null;
      const columns: Partial<EpisodeRow> = {};
      if (patch.title !== undefined) columns.title = patch.title;
      if (patch.description !== undefined) columns.description = patch.description;
      if (patch.showId !== undefined) columns.show_id = patch.showId;
      if (patch.imageUrl !== undefined) columns.image_url = patch.imageUrl;
      if (patch.status !== undefined && patch.status !== current.status) {
        columns.status = patch.status;
        columns.published_at = patch.status === 'published' ? nowIso(now) : null;
      }
      if (Object.keys(columns).length > 0) await db('episodes').where({ tenant, id }).update(columns);
      return this.find(tenant, id);
    },

    /** Records a finished rendition, unless the episode's audio changed or it went away meanwhile. */
    async setLowData(id: string, audioUrl: string, lowDataUrl: string, bytes: number): Promise<boolean> {
      return (await db('episodes').where({ id, audio_url: audioUrl }).whereNull('low_data_url').update({ low_data_url: lowDataUrl, low_data_bytes: bytes })) > 0;
    },

    /** Deletes the episode; answers it (for its files), or null when there was none. */
    async remove(tenant: Tenant, id: string): Promise<Episode | null> {
      const row = await db<EpisodeRow>('episodes').where({ tenant, id }).first();
      if (!row) return null;
      return (await db('episodes').where({ tenant, id }).delete()) > 0 ? toEpisode(row) : null;
    },
  };
}

export type EpisodesRepository = ReturnType<typeof episodesRepository>;
