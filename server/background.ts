import { startRecorder } from './features/episodes/episodes.recorder';
import { startLiveRelays } from './features/live/live.service';
import { guardedPushTransport } from './features/push/push.outbound';
import { reminderScheduler } from './features/push/push.scheduler';
import type { Deps } from './http/context';
import { lineLog, type Logger } from './ops/logger';
import { countedPushes, type Metrics } from './ops/metrics';

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
export function startBackgroundLoops(
  deps: Pick<Deps, 'db' | 'config' | 'storage' | 'jobs'>,
  selfUrl: string,
  { logger, metrics }: { logger: Logger; metrics: Metrics },
): BackgroundLoops {
  const { db, config } = deps;
  // Each loop logs through the process's logger under its own name (docs/operations.md "Logs").
  const named = (name: string) => lineLog(logger.child({ name }));
  const relays = startLiveRelays({ db, config, selfUrl, log: named('relay') });
  const recorder = startRecorder({ deps, selfUrl, log: named('recorder') });
  const reminders = reminderScheduler({ db, config, transport: countedPushes(metrics, guardedPushTransport(config)), log: named('push') });
  reminders.start();
  metrics.watch({ relays, recorder });
  return {
    async stop() {
      // The relays first, as before (their ffmpeg and leases); a recording cut by the shutdown
      // still leaves its draft.
      await relays.stop().catch((err: unknown) => logger.error({ error: (err as Error)?.message ?? String(err) }, 'stopping the relays failed'));
      await recorder.stop();
      await reminders.stop();
    },
  };
}
