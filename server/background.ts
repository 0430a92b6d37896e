import { startRecorder } from './features/episodes/episodes.recorder';
import { startLiveRelays } from './features/live/live.service';
import { guardedPushTransport } from './features/push/push.outbound';
import { reminderScheduler } from './features/push/push.scheduler';
import type { Deps } from './http/context';

export interface BackgroundLoops {
  /** Stops all three while the database is still open: ffmpeg stopped, leases given up, recordings' drafts made. */
  stop(): Promise<void>;
}

/**
 * The one place the leased loops start (server/jobs/leased-loop.ts), in every process once it
 * listens: a streamUrl that is a path (the demo's /demo/stream) is fetched from `selfUrl`.
 * - the live relay: one per tenant across all processes (docs/live-relay.md);
 * - the station recorder: one process records each airing of a marked show (docs/recorder.md);
 * - show reminders: the database makes one process send each push (docs/api.md "Reminders by Web Push").
 */
export function startBackgroundLoops(deps: Pick<Deps, 'db' | 'config' | 'storage' | 'jobs'>, selfUrl: string): BackgroundLoops {
  const { db, config } = deps;
  const relays = startLiveRelays({ db, config, selfUrl });
  const recorder = startRecorder({ deps, selfUrl });
  const reminders = reminderScheduler({ db, config, transport: guardedPushTransport(config), log: (line) => console.error(line) });
  reminders.start();
  return {
    async stop() {
      // The relays first, as before (their ffmpeg and leases); a recording cut by the shutdown
      // still leaves its draft.
      await relays.stop().catch((err: unknown) => console.error(err));
      await recorder.stop();
      await reminders.stop();
    },
  };
}
