import type { Track } from '../../../domain/tracks';
import type { Deps } from '../../http/context';
import type { JobHandler } from '../../jobs/job-queue';
import { makeRendition, TRACK_PROFILE, type RenditionOptions } from '../../media/renditions';
import { tracksRepository } from './tracks.repository';

/** The job kind on the durable queue (server/jobs/job-queue.ts). */
export const TRACK_RENDITION_JOB = 'track-rendition';

/**
 * Makes the low-bitrate rendition of an approved track (mono AAC in an M4A, which every
 * browser plays, Safari included) and records its URL on the track. It is a job on the
 * durable queue: the PATCH answers once the job is written down, a restart does not lose it,
 * and one process makes it. Only files this server stored are converted.
 */
export function trackRenditionJob(deps: Deps, options: RenditionOptions & { log?: (line: string) => void } = {}): JobHandler {
  const tracks = tracksRepository(deps.db);
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  return async (job) => {
    const { trackId } = job.payload as { trackId: string };
    const track = await tracks.find(trackId);
    // Deleted, rejected again, or made already by an earlier attempt: nothing to do.
    if (!track || track.status !== 'approved' || track.lowDataUrl) return;
    try {
      const made = await makeRendition(deps, track.fileUrl, TRACK_PROFILE, options);
      if (!made) return; // an external URL or a demo file: the original plays
      const recorded = await tracks.setLowDataUrl(track.id, track.fileUrl, made.url);
      // The track's file changed or it went away meanwhile: the rendition is nobody's.
      if (!recorded) await deps.storage.remove(made.url.slice('/uploads/'.length)).catch(() => {});
    } catch (err) {
      log(JSON.stringify({ level: 'warn', msg: 'rendition failed; the original plays', track: track.id, error: (err as Error).message }));
      throw err;
    }
  };
}

/** Queues a rendition for an approved track that has none; answers once it is queued. */
export function trackRenditions(deps: Deps) {
  return {
    async request(track: Track): Promise<void> {
      if (track.status !== 'approved' || track.lowDataUrl) return;
      await deps.jobs.enqueue(TRACK_RENDITION_JOB, track.id, { trackId: track.id });
    },
  };
}

export type TrackRenditions = ReturnType<typeof trackRenditions>;
