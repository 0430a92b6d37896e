import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../domain/catalog';
import { zonedMoment } from '../../../domain/schedule';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import { startPushReceiver, type PushReceiver } from '../../test/push-receiver';
import { hhmm } from '../../test/station-requests';
import { PG_URL } from '../../test/test-app';
import { startTwoProcesses, type TwoProcesses } from '../../test/two-processes';

// Its own file so that Vitest runs it beside push.two-process.test.ts (each waits on two server
// processes and, here, on the next whole minute: docs/setup.md, "How npm test spends its time").
// docs/api.md "Reminders by Web Push": under load, with a push service that never answers
// among them, every reminder still goes out exactly once and within a minute of its minute.
const MANY = 5_000;
const STUCK = 300;

describe.skipIf(!PG_URL)(`two server processes, ${MANY} subscriptions and ${STUCK} on a push service that never answers`, () => {
  let processes: TwoProcesses | null = null;
  let receiver: PushReceiver;
  let stuck: PushReceiver;

  beforeAll(async () => {
    receiver = await startPushReceiver({ fast: true });
    stuck = await startPushReceiver({ silent: true });
    processes = await startTwoProcesses('reminders_load', { PUSH_ALLOW_INSECURE_ENDPOINTS: 'on', PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await processes?.stop();
    await stuck?.close();
    await receiver?.close();
  }, 60_000);

  it('every reminder goes out exactly once, within 60 s of its minute', async () => {
    const db = processes!.db;
    const fast = Array.from({ length: MANY }, () => receiver.subscribe());
    const slow = Array.from({ length: STUCK }, () => receiver.subscribe());
    // The reminder's minute: the next whole minute at least 15 s away (time to store the rows);
    // the show starts ten minutes after it, in the station's zone.
    const minute = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000;
    const start = zonedMoment(new Date(minute + 10 * 60_000), DEFAULT_TIME_ZONE);
    const showId = randomUUID();
    const at = new Date().toISOString();
    await db('shows').insert({ id: showId, tenant: 'watzhott', title: 'Crowd Hour', description: 'Everyone at once', start_time: hhmm(start.minutes), end_time: hhmm(start.minutes + 60), days: JSON.stringify(WEEKDAYS), created_at: at });

    // Stored in bulk, as POST /api/push/subscriptions would store them (one per address).
    const row = (endpoint: string, keys: { p256dh: string; auth: string }, i: number) => ({
      id: randomUUID(),
      tenant: 'watzhott',
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      origin: 'http://127.0.0.1',
      address: `10.9.${Math.floor(i / 250)}.${i % 250}`,
      endpoint_host: new URL(endpoint).host,
      created_at: at,
      updated_at: at,
    });
    const rows = [...fast.map((sub, i) => row(sub.endpoint, sub.keys, i)), ...slow.map((sub, i) => row(`${stuck.url}/push/${sub.id}`, sub.keys, MANY + i))];
    await db.batchInsert('push_subscriptions', rows, 500);
    await db.batchInsert('push_subscription_shows', rows.map((r) => ({ subscription_id: r.id, show_id: showId })), 500);
    expect(Date.now()).toBeLessThan(minute);

    const arrived = receiver.arrived;
    while (arrived.length < MANY && Date.now() < minute + 90_000) await new Promise((r) => setTimeout(r, 250));
    // A moment more, for a second push of any to show up.
    await new Promise((r) => setTimeout(r, 2_000));
    const last = Math.max(...arrived.map((r) => r.at)) - minute;
    const perSubscription = new Map<string, number>();
    for (const r of arrived) perSubscription.set(r.subscription, (perSubscription.get(r.subscription) ?? 0) + 1);
    expect(perSubscription.size, `${arrived.length} arrived by ${last} ms after the minute`).toBe(MANY);
    expect([...perSubscription.values()].filter((n) => n !== 1)).toEqual([]);
    expect(arrived.filter((r) => r.at > minute + 60_000).length, `the last arrived ${last} ms after the minute`).toBe(0);
    // Every 25th checked as a push service and the browser would: signed, encrypted, the reminder.
    const sample = receiver.inspect(arrived.filter((_, i) => i % 25 === 0));
    expect(receiver.refused).toEqual([]);
    expect(new Set(sample.map((r) => r.payload.title))).toEqual(new Set(['Crowd Hour starts in 10 minutes']));
    // The stuck service was sent to meanwhile, and held only its own lane.
    expect(stuck.held.waiting + stuck.held.givenUp).toBeGreaterThan(0);
    const sent = await db('push_deliveries').where({ state: 'sent' }).count({ n: '*' }).first<{ n: unknown }>();
    expect(Number(sent?.n)).toBe(MANY);
    console.log(`${MANY} reminders: the last ${last} ms after the minute; the stuck host held ${stuck.held.waiting}, gave up ${stuck.held.givenUp}`);
  }, 240_000);
});
