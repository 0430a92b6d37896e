import { REMINDER_MINUTES_BEFORE } from '../../../domain/push';
import { TENANTS } from '../../../domain/tenants';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { loadSettings } from '../../db/settings-store';
import { airingsBetween } from '../../../domain/airings';
import { pushRepository, type Delivery } from './push.repository';
import { leasedLoop } from '../../jobs/leased-loop';
import { pushEndpointProblem } from './push.outbound';
import { reminderPayload, sendReminder, vapidKeys, type PushTransport } from './push.service';

const WINDOW_MS = REMINDER_MINUTES_BEFORE * 60_000;
/** How often each process looks for reminders due: a reminder goes out at most this late. */
export const REMINDER_TICK_MS = 15_000;
/** A process sending a push holds its delivery this long; one that died lets another retry after. */
const LEASE_MS = 60_000;
const BATCH = 100;
/**
 * Sends in flight to one push-service host from one process. Each host has its own lane:
 * a host that answers slowly or never (each send ends at its 10 s deadline, push.service.ts)
 * holds only its own lane, never another host's reminders.
 */
export const SENDS_PER_HOST = 16;

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
  /** One pass: claims the airings now within ten minutes, sends what is due, and waits for the sends. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a pass in progress and the sends in flight. */
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
  // Each delivery row is its own lease (lease_until_ms): the loop's holder name goes unused.
  const loop = leasedLoop({
    everyMs: tickMs,
    leaseMs: LEASE_MS,
    pass,
    onError: (err) => log(JSON.stringify({ level: 'error', push: 'reminder pass failed', error: err instanceof Error ? err.message : String(err) })),
  });
  /** The lane sending to each push-service host now, by host. */
  const lanes = new Map<string, Promise<void>>();

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
    const found = await repo.toSend(d);
    // A subscription kept from before PUSH_ENDPOINT_HOSTS left its host out is not sent to.
    const refused = found && pushEndpointProblem(found.sub.endpoint, config);
    if (!found || refused) {
      await repo.drop(d);
      if (refused) log(JSON.stringify({ level: 'warn', push: 'endpoint refused, dropped', subscription: d.subscriptionId, detail: refused }));
      return;
    }
    const { sub, show } = found;
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

  /** Sends what is due on one host, SENDS_PER_HOST at a time, until nothing is left or the scheduler stops. */
  async function drain(host: string): Promise<void> {
    while (!loop.stopped) {
      const due = await repo.due(now(), BATCH, host);
      let next = 0;
      // Workers that each take the next delivery as they finish one: a slow send holds one worker only.
      const worker = async () => {
        while (!loop.stopped && next < due.length) await deliver(due[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(SENDS_PER_HOST, due.length) }, worker));
      if (due.length < BATCH) break;
    }
  }

  /** The host's lane, started unless it runs already (one per host per process). */
  function lane(host: string): Promise<void> {
    let running = lanes.get(host);
    if (!running) {
      running = drain(host)
        .catch((err: unknown) => log(JSON.stringify({ level: 'error', push: 'sending failed', host, error: err instanceof Error ? err.message : String(err) })))
        .finally(() => lanes.delete(host));
      lanes.set(host, running);
    }
    return running;
  }

  /**
   * Claims the airings now within ten minutes and starts a lane for each host with something
   * due; the pass does not wait for the lanes, so a slow host never holds the next pass either.
   */
  async function pass(): Promise<void> {
    const at = now();
    await repo.sweep(at);
    await claimAirings(at);
    if (loop.stopped) return;
    for (const host of await repo.dueHosts(now())) void lane(host);
  }

  /** Until every lane has finished (tick() and stop()). */
  async function lanesDone(): Promise<void> {
    while (lanes.size > 0) await Promise.all(lanes.values());
  }

  const tick = async (): Promise<void> => {
    await loop.tick();
    await lanesDone();
  };

  return {
    tick,
    start: loop.start,
    async stop() {
      await loop.stop();
      // Sends in flight finish (each within its deadline); the rest are left to the others.
      await lanesDone();
    },
  };
}
