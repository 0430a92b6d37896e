import { randomUUID } from 'node:crypto';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../domain/catalog';
import { zonedMoment } from '../../../domain/schedule';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import { startCompiledServer, type CompiledServer } from '../../test/compiled-server';
import { startPushReceiver, type PushReceiver } from '../../test/push-receiver';
import { hhmm } from '../../test/station-requests';
import { PG_URL } from '../../test/test-app';
import { useBuildAndDatabase } from '../../test/two-processes';

// docs/api.md "Reminders by Web Push": exactly one push per subscription per airing however
// many processes run, including after a restart inside the ten minutes. Two compiled server
// processes on one PostgreSQL database start at the same moment with reminders already due,
// so both schedulers race for the same deliveries. Skipped (reported) without TEST_DATABASE_URL.

const SUBSCRIPTIONS = 40;

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL: one push per airing', () => {
  const made = useBuildAndDatabase('radio-reminders-', 'reminders');
  let entry = '';
  const servers: CompiledServer[] = [];
  let receiver: PushReceiver;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const { dir, database } = made();
    entry = made().entry;
    receiver = await startPushReceiver();
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DEMO_DATA: 'off',
      ADMIN_KEY: 'two-process-admin-key-0123',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'on',
      PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    };
    // A first start migrates the database; it is stopped before anything is due.
    const first = await startCompiledServer(entry, env, { name: 'migrate', timeoutMs: 30_000 });
    first.child.kill('SIGTERM');
    await first.exited;
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await receiver?.close();
  }, 60_000);

  it('both schedulers race; every subscription gets exactly one push, also after a restart', async () => {
    const db = knexFactory({ client: 'pg', connection: env.DATABASE_URL, pool: { min: 0, max: 2 } });
    try {
      // A show starting about five minutes from now in the station's zone: its reminder is due.
      const start = zonedMoment(new Date(Date.now() + 5 * 60_000), DEFAULT_TIME_ZONE);
      const showId = randomUUID();
      const at = new Date().toISOString();
      await db('shows').insert({ id: showId, tenant: 'watzhott', title: 'Race Hour', description: 'Two processes, one push', start_time: hhmm(start.minutes), end_time: hhmm(start.minutes + 60), days: JSON.stringify(WEEKDAYS), created_at: at });
      const subs = Array.from({ length: SUBSCRIPTIONS }, () => receiver.subscribe());
      for (const sub of subs) {
        const id = randomUUID();
        await db('push_subscriptions').insert({ id, tenant: 'watzhott', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, origin: 'http://127.0.0.1', created_at: at, updated_at: at });
        await db('push_subscription_shows').insert({ subscription_id: id, show_id: showId });
      }

      // Both at once: each scheduler's first pass runs as it starts.
      servers.push(...(await Promise.all(['a', 'b'].map((name) => startCompiledServer(entry, env, { name, timeoutMs: 30_000 })))));
      const deadline = Date.now() + 30_000;
      while (receiver.received.length < SUBSCRIPTIONS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(receiver.refused).toEqual([]);
      expect(receiver.received).toHaveLength(SUBSCRIPTIONS);
      // Each sender marks its delivery sent just after the push service has answered; the restart
      // below is one after those marks. (A process killed between the answer and its mark leaves
      // the delivery pending under its 60 s lease, push.scheduler.ts: on a busy machine the
      // test's kill once fell in that gap, and the last check read one 'pending'.)
      const marked = Date.now() + 15_000;
      const pending = async () => (await db('push_deliveries').whereNot('state', 'sent').count<{ n: string | number }[]>({ n: '*' }))[0]!.n;
      while (Number(await pending()) > 0 && Date.now() < marked) await new Promise((r) => setTimeout(r, 200));

      // A restart of one (killed outright) inside the window, and another pass of each.
      servers[0]!.child.kill('SIGKILL');
      await servers[0]!.exited;
      servers[0] = await startCompiledServer(entry, env, { name: 'a again', timeoutMs: 30_000 });
      await new Promise((r) => setTimeout(r, 16_000));

      const perSubscription = new Map<string, number>();
      for (const r of receiver.received) perSubscription.set(r.subscription, (perSubscription.get(r.subscription) ?? 0) + 1);
      expect([...perSubscription.values()].every((n) => n === 1)).toBe(true);
      expect(perSubscription.size).toBe(SUBSCRIPTIONS);
      expect(new Set(receiver.received.map((r) => r.payload.title))).toEqual(new Set(['Race Hour starts in 10 minutes']));
      // Every process signed with the one key pair kept in the database.
      expect(new Set(receiver.received.map((r) => r.vapidKey)).size).toBe(1);
      const states = await db('push_deliveries').select('state');
      expect(states.map((s: { state: string }) => s.state)).toEqual(Array(SUBSCRIPTIONS).fill('sent'));
    } finally {
      await db.destroy();
    }
  }, 90_000);
});
