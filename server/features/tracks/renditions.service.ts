import type { Track } from '../../../domain/tracks';
import type { Deps } from '../../http/context';
import type { JobHandler } from '../../jobs/job-queue';
import { renderAndRecord, TRACK_PROFILE, type RenditionJobOptions } from '../../media/renditions';
import { tracksRepository } from './tracks.repository';

/** The job kind on the durable queue (server/jobs/job-queue.ts). */
export const TRACK_RENDITION_JOB = 'track-rendition';

/**
 * Makes the low-bitrate rendition of an approved track (mono AAC in an M4A, which every
 * browser plays, Safari included) and records its URL on the track. It is a job on the
 * durable queue: the PATCH answers once the job is written down, a restart does not lose it,
 * and one process makes it. Only files this server stored are converted.
 */
export function trackRenditionJob(deps: Deps, options: RenditionJobOptions = {}): JobHandler {
  const tracks = tracksRepository(deps.db);
  return async (job) => {
    const { trackId } = job.payload as { trackId: string };
    const track = await tracks.find(trackId);
    // Deleted, rejected again, or made already by an earlier attempt: nothing to do.
    if (!track || track.status !== 'approved' || track.lowDataUrl) return;
    await renderAndRecord(deps, { type: 'track', id: track.id, fileUrl: track.fileUrl }, TRACK_PROFILE, options, (made) => tracks.setLowDataUrl(track.id, track.fileUrl, made.url));
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
