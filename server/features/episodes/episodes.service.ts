import { parseStream } from 'music-metadata';
import type { EpisodePatch, Episode, NewEpisode } from '../../../domain/episodes';
import type { Tenant } from '../../../domain/tenants';
import { inTransaction } from '../../db/in-transaction';
import type { Db } from '../../db/knex';
import { withActivity } from '../../http/admin-crud';
import type { AppContext, Deps } from '../../http/context';
import { invalid, missing } from '../../domain-errors';
import type { JobHandler } from '../../jobs/job-queue';
import { deleteUploadedFiles, storedNameOf } from '../../media/media-files';
import { EPISODE_PROFILE, renderAndRecord, type RenditionJobOptions } from '../../media/renditions';
import { uploadsRepository } from '../uploads/uploads.repository';
import { episodesRepository, type EpisodeFile } from './episodes.repository';

/** The job kind on the durable queue (server/jobs/job-queue.ts). */
export const EPISODE_RENDITION_JOB = 'episode-rendition';
/** Reading a whole long MP3 for its duration takes a few seconds; a crafted file must not hold the request. */
export const EPISODE_METADATA_TIME_LIMIT_MS = 30_000;

const audioIssue = (message: string) => invalid(message, [{ path: 'audioUrl', message }]);

/**
 * Duration and size of one of our stored files, read from the file itself (docs/api.md:
 * never from the client). Throws a 400 when it is no audio we stored.
 */
export async function readEpisodeFile(deps: Pick<Deps, 'db' | 'storage'>, audioUrl: string, timeLimitMs = EPISODE_METADATA_TIME_LIMIT_MS): Promise<EpisodeFile> {
  const name = storedNameOf(audioUrl);
  const upload = name ? await uploadsRepository(deps.db).find(name) : undefined;
  if (!name || !upload || upload.purpose === 'image') throw audioIssue('The audio must be a file uploaded here');
  const stored = await deps.storage.stat(name);
  if (!stored) throw audioIssue('The audio must be a file uploaded here');
  const stream = await deps.storage.read(name);
  let timer: NodeJS.Timeout | undefined;
  try {
    const meta = await Promise.race([
      parseStream(stream, { size: stored.size, path: name }, { duration: true, skipCovers: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('metadata time limit')), timeLimitMs);
      }),
    ]);
    const duration = meta.format.duration;
    if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) throw new Error('no duration');
    return { durationSeconds: duration, bytes: stored.size };
  } catch {
    throw audioIssue('The length of this audio could not be read');
  } finally {
    clearTimeout(timer);
    stream.destroy();
  }
}

/**
 * Where the rules of episodes live: what may be created and changed, and what goes with a
 * delete. Each write and its activity entry are one transaction (`withActivity`); the slow
 * parts (reading the file's length, deleting files, queueing the rendition) stay outside it.
 */
export function episodesService(deps: Deps) {
  async function checkShow(db: Db, tenant: Tenant, showId: string | null | undefined): Promise<void> {
    if (showId && !(await episodesRepository(db).showExists(tenant, showId))) {
      throw invalid('Show not found', [{ path: 'showId', message: 'Show not found' }]);
    }
  }

  return {
    async create(ctx: AppContext, input: NewEpisode): Promise<Episode> {
      const tenant = ctx.state.tenant;
      await checkShow(deps.db, tenant, input.showId);
      const file = await readEpisodeFile(deps, input.audioUrl);
      const episode = await withActivity(
        deps,
        ctx,
        (trx) => episodesRepository(trx).create(tenant, input, file, 'upload', deps.now()),
        (e) => ({ action: 'episode.create', target: { type: 'episode', id: e.id }, summary: `added episode ${e.title}` }),
      );
      await deps.jobs.enqueue(EPISODE_RENDITION_JOB, episode.id, { episodeId: episode.id });
      return episode;
    },

    async update(ctx: AppContext, id: string, patch: EpisodePatch): Promise<Episode> {
      const tenant = ctx.state.tenant;
      await checkShow(deps.db, tenant, patch.showId);
      return withActivity(
        deps,
        ctx,
        async (trx) => {
          const updated = await episodesRepository(trx).update(tenant, id, patch, deps.now());
          if (!updated) throw missing('Episode not found');
          return updated;
        },
        (e) => ({
          action: patch.status === 'published' ? 'episode.publish' : patch.status === 'draft' ? 'episode.unpublish' : 'episode.update',
          target: { type: 'episode', id: e.id },
          summary: `${patch.status === 'published' ? 'published' : patch.status === 'draft' ? 'unpublished' : 'changed'} episode ${e.title}`,
        }),
      );
    },

    /** The row, then its files (the upload, the rendition, a picture of ours nobody else uses). */
    async remove(ctx: AppContext, id: string): Promise<void> {
      const removed = await withActivity(
        deps,
        ctx,
        async (trx) => {
          const gone = await episodesRepository(trx).remove(ctx.state.tenant, id);
          if (!gone) throw missing('Episode not found');
          return gone;
        },
        (e) => ({ action: 'episode.delete', target: { type: 'episode', id: e.id }, summary: `deleted episode ${e.title}` }),
      );
      await deleteUploadedFiles(deps, [removed.audioUrl, removed.lowDataUrl, removed.imageUrl]);
    },
  };
}

/**
 * A finished recording of a show's airing becomes a draft episode (docs/recorder.md), like an
 * uploaded one: its length and size read from the stored file, the low-data rendition queued.
 * `stillMine` runs in the episode's transaction and closes the airing's claim: when this process
 * no longer holds it (another took the airing over) nothing is made and null is answered.
 */
export async function createRecordedEpisode(
  deps: Pick<Deps, 'db' | 'storage' | 'jobs' | 'now'>,
  recording: { tenant: Tenant; showId: string; title: string; audioUrl: string },
  stillMine: (trx: Db, episodeId: string) => Promise<boolean>,
): Promise<Episode | null> {
  const file = await readEpisodeFile(deps, recording.audioUrl);
  const input: NewEpisode = { title: recording.title, description: '', audioUrl: recording.audioUrl, showId: recording.showId, imageUrl: null, status: 'draft' };
  const episode = await inTransaction(deps.db, async (trx) => {
    const made = await episodesRepository(trx).create(recording.tenant, input, file, 'recording', deps.now());
    if (!(await stillMine(trx, made.id))) throw new LostClaim();
    return made;
  }).catch((err: unknown) => {
    if (err instanceof LostClaim) return null;
    throw err;
  });
  if (episode) await deps.jobs.enqueue(EPISODE_RENDITION_JOB, episode.id, { episodeId: episode.id });
  return episode;
}

class LostClaim extends Error {}

/**
 * Makes an episode's low-data rendition (docs/renditions.md: ≤ 32 kbps Opus in MP4) and records
 * it; a job on the durable queue, so a restart does not lose it and one process makes it.
 */
export function episodeRenditionJob(deps: Deps, options: RenditionJobOptions = {}): JobHandler {
  const episodes = episodesRepository(deps.db);
  return async (job) => {
    const { episodeId } = job.payload as { episodeId: string };
    const episode = await episodes.findById(episodeId);
    if (!episode || episode.lowDataUrl) return;
    await renderAndRecord(deps, { type: 'episode', id: episode.id, fileUrl: episode.audioUrl }, EPISODE_PROFILE, options, (made) =>
      episodes.setLowData(episode.id, episode.audioUrl, made.url, made.bytes),
    );
  };
}
