import { REMINDER_MINUTES_BEFORE } from '../../../domain/push';
import { TENANTS } from '../../../domain/tenants';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { loadSettings } from '../../db/settings-store';
import { airingsBetween } from '../../../domain/airings';
import { pushRepository, type Delivery } from './push.repository';
import { reminderPayload, sendReminder, vapidKeys, type PushTransport } from './push.service';

const WINDOW_MS = REMINDER_MINUTES_BEFORE * 60_000;
/** How often each process looks for reminders due: a reminder goes out at most this late. */
export const REMINDER_TICK_MS = 15_000;
/** A process sending a push holds its delivery this long; one that died lets another retry after. */
const LEASE_MS = 60_000;
const BATCH = 100;
const CONCURRENT_SENDS = 8;

/** Retries after a failure: 5 s, 10 s, 20 s … at most a minute apart, until the show starts. */
export const retryDelayMs = (attempts: number): number => Math.min(60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export interface ReminderSchedulerOptions {
  db: Db;
  config: Config;
  transport: PushTransport;
  /** The clock; injectable so tests need not wait ten minutes. */
  now?: () => number;
  tickMs?: number;
  log?: (line: string) => void;
}

export interface ReminderScheduler {
  /** A pass now, then one every tickMs until stop(). */
  start(): void;
  /** One pass: claims the airings now within ten minutes, sends what is due. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Sends each subscription one push per airing of each show it follows, ten minutes before
 * the show starts (docs/api.md "Reminders by Web Push"). Every server process runs one; the
 * delivery rows in the database make exactly one of them send each push: a row is inserted
 * once per (subscription, show, airing), and a conditional update hands it to one process.
 */
export function reminderScheduler({ db, config, transport, now = Date.now, tickMs = REMINDER_TICK_MS, log = () => {} }: ReminderSchedulerOptions): ReminderScheduler {
  const repo = pushRepository(db);
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function claimAirings(at: number): Promise<void> {
    for (const tenant of TENANTS) {
      const shows = await repo.followedShows(tenant);
      if (shows.length === 0) continue;
      const { timeZone } = await loadSettings(db, tenant);
      for (const airing of airingsBetween(shows, at, at + WINDOW_MS, timeZone)) {
        await repo.addDeliveries(tenant, airing.show.id, airing.key, airing.startsAtMs, at);
      }
    }
  }

  async function deliver(d: Delivery): Promise<void> {
    const at = now();
    if (!(await repo.claim(d, at, at + LEASE_MS))) return;
    const sub = await repo.subscription(d.subscriptionId);
    // The listener may have taken the show off since the row was made, or an admin deleted it.
    const show = sub && (await repo.showIdsOf(sub.id)).includes(d.showId) ? await repo.show(sub.tenant, d.showId) : null;
    if (!sub || !show) {
      await repo.drop(d);
      return;
    }
    const keys = await vapidKeys(db, config, at);
    const { outcome, detail } = await sendReminder(transport, config, keys, sub, reminderPayload(show, sub, d.startsAtMs));
    if (outcome === 'sent') {
      await repo.markSent(d);
    } else if (outcome === 'gone') {
      await repo.remove(sub.id);
      log(JSON.stringify({ level: 'info', push: 'subscription gone, removed', subscription: sub.id }));
    } else {
      const next = now() + retryDelayMs(d.attempts + 1);
      if (next >= d.startsAtMs) await repo.drop(d);
      else await repo.retryAt(d, next);
      log(JSON.stringify({ level: 'warn', push: 'send failed', subscription: sub.id, show: d.showId, attempt: d.attempts + 1, detail, retry: next < d.startsAtMs }));
    }
  }

  async function pass(): Promise<void> {
    const at = now();
    await repo.sweep(at);
    await claimAirings(at);
    for (;;) {
      const due = await repo.due(now(), BATCH);
      // A few sends at a time: one slow push service must not hold up a whole airing's
      // reminders, and thousands of them still go out well inside the ten minutes.
      for (let i = 0; i < due.length && !stopped; i += CONCURRENT_SENDS) await Promise.all(due.slice(i, i + CONCURRENT_SENDS).map(deliver));
      // A stopping process leaves the rest to the others (or its own next start).
      if (due.length < BATCH || stopped) break;
    }
  }

  const tick = (): Promise<void> => {
    // One pass at a time in a process; a slow pass makes the next one wait, never overlap.
    running ??= pass()
      .catch((err: unknown) => log(JSON.stringify({ level: 'error', push: 'reminder pass failed', error: err instanceof Error ? err.message : String(err) })))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(schedule), tickMs);
    timer.unref();
  };

  return {
    tick,
    start() {
      void tick().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
