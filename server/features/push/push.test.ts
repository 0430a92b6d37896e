import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '../../config';
import { ADMIN_KEY, createTestApp, describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';
import { startPushReceiver, type PushReceiver, type TestSubscription } from '../../test/push-receiver';
import { guardedPushTransport } from './push.outbound';
import { reminderScheduler, SENDS_PER_HOST } from './push.scheduler';

const ALL_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MIN = 60_000;

async function addShow(t: TestApp, show: Record<string, unknown>, tenant = 'watzhott'): Promise<string> {
  const res = await t
    .http()
    .post(`/api/shows?tenant=${tenant}`)
    .set('x-admin-key', ADMIN_KEY)
    .send({ description: '', days: ALL_DAYS, ...show });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const subscribe = (t: TestApp, sub: Pick<TestSubscription, 'endpoint' | 'keys'>, showIds: string[], tenant = 'watzhott') =>
  t.http().post(`/api/push/subscriptions?tenant=${tenant}`).set('X-Forwarded-For', freshAddress()).send({ subscription: { endpoint: sub.endpoint, keys: sub.keys }, showIds });

async function setZone(t: TestApp, tenant: string, timeZone: string): Promise<void> {
  await t.db('settings').where({ tenant }).delete();
  await t.db('settings').insert({ tenant, data: JSON.stringify({ timeZone }), updated_at: new Date().toISOString() });
}

describeEachEngine(
  'Web Push reminders',
  (t) => {
    let receiver: PushReceiver;
    beforeAll(async () => {
      receiver = await startPushReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });
    beforeEach(async () => {
      receiver.received.length = 0;
      receiver.refused.length = 0;
      for (const table of ['push_deliveries', 'push_subscription_shows', 'push_subscriptions', 'shows']) await t().db(table).delete();
      await setZone(t(), 'watzhott', 'America/Guyana');
      await setZone(t(), 'caribbean', 'America/Guyana');
    });

    /** A scheduler of this app's database on a clock of the test's own. */
    const scheduler = (clock: { now: number }) =>
      reminderScheduler({ db: t().db, config: t().config, transport: guardedPushTransport(t().config), now: () => clock.now, log: () => {} });

    /** A scheduler on a clock at `iso` that has looked once and sent nothing yet. */
    async function quietSchedulerAt(iso: string) {
      const clock = { now: Date.parse(iso) };
      const s = scheduler(clock);
      await s.tick();
      expect(receiver.received).toHaveLength(0);
      return { clock, s };
    }

    it('GET /api/push/key answers one VAPID public key, the same every time', async () => {
      const a = await t().http().get('/api/push/key');
      const b = await t().http().get('/api/push/key?tenant=caribbean');
      expect(a.status).toBe(200);
      expect(Buffer.from(a.body.publicKey, 'base64url')).toHaveLength(65);
      expect(b.body.publicKey).toBe(a.body.publicKey);
    });

    it('stores a subscription, replaces its shows on the same endpoint, and deletes it', async () => {
      const one = await addShow(t(), { title: 'Morning Glory', startTime: '06:00', endTime: '09:00' });
      const two = await addShow(t(), { title: 'Drive Time', startTime: '16:00', endTime: '18:00' });
      const sub = receiver.subscribe();
      const first = await subscribe(t(), sub, [one]);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ id: expect.any(String), showIds: [one] });
      const again = await subscribe(t(), sub, [two, one, two]);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ id: first.body.id, showIds: [one, two].sort() });
      expect(await t().db('push_subscriptions').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
      expect(await t().db('push_subscriptions').select('id')).toHaveLength(1);

      const gone = await t().http().delete('/api/push/subscriptions').set('X-Forwarded-For', freshAddress()).send({ endpoint: sub.endpoint });
      expect(gone.status).toBe(204);
      expect(await t().db('push_subscriptions').select('id')).toHaveLength(0);
      expect(await t().db('push_subscription_shows').select('show_id')).toHaveLength(0);
      const unknown = await t().http().delete('/api/push/subscriptions').set('X-Forwarded-For', freshAddress()).send({ endpoint: sub.endpoint });
      expect(unknown.status).toBe(204);
    });

    it('refuses unknown shows, another tenant\'s shows and broken keys with 400', async () => {
      const show = await addShow(t(), { title: 'Morning Glory', startTime: '06:00', endTime: '09:00' });
      const sub = receiver.subscribe();
      const unknown = await subscribe(t(), sub, ['no-such-show']);
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('Unknown show');
      const otherTenant = await subscribe(t(), sub, [show], 'caribbean');
      expect(otherTenant.status).toBe(400);
      const badKeys = await subscribe(t(), { endpoint: sub.endpoint, keys: { p256dh: 'abc', auth: sub.keys.auth } }, [show]);
      expect(badKeys.status).toBe(400);
      expect(badKeys.body.error).toBe('A push subscription needs its p256dh and auth keys');
      expect(await t().db('push_subscriptions').select('id')).toHaveLength(0);
    });

    it('sends one encrypted, signed push ten minutes before the show, once however often it looks', async () => {
      // Thursday 2026-11-26, 19:00 in Guyana (UTC-4) is 23:00Z.
      const id = await addShow(t(), { title: 'Gospel Hour', description: 'Songs of praise '.repeat(12), startTime: '19:00', endTime: '20:00', days: ['Thursday'] });
      const sub = receiver.subscribe();
      expect((await subscribe(t(), sub, [id])).status).toBe(201);
      const key = (await t().http().get('/api/push/key')).body.publicKey as string;

      const { clock, s } = await quietSchedulerAt('2026-11-26T22:49:00Z');

      clock.now = Date.parse('2026-11-26T22:50:05Z');
      await s.tick();
      await s.tick();
      expect(receiver.refused).toEqual([]);
      expect(receiver.received).toHaveLength(1);
      const push = receiver.received[0]!;
      expect(push.payload).toEqual({
        title: 'Gospel Hour starts in 10 minutes',
        body: 'Songs of praise '.repeat(12).slice(0, 120),
        url: `${t().url}/`,
        showId: id,
        startsAt: '2026-11-26T23:00:00.000Z',
      });
      expect(push).toMatchObject({ ttl: '600', urgency: 'high', encoding: 'aes128gcm', vapidKey: key });
      expect(push.claims.sub).toBe(`https://${new URL(t().url).host}`);

      // A restart inside the ten minutes (a new scheduler on the same database): nothing again.
      clock.now += 3 * MIN;
      const restarted = scheduler(clock);
      await restarted.tick();
      expect(receiver.received).toHaveLength(1);
      await s.stop();
      await restarted.stop();
    });

    it('links the caribbean tenant\'s notification to its radio page', async () => {
      const id = await addShow(t(), { title: 'Morning Devotion', startTime: '06:00', endTime: '07:00' }, 'caribbean');
      const sub = receiver.subscribe();
      expect((await subscribe(t(), sub, [id], 'caribbean')).status).toBe(201);
      const clock = { now: Date.parse('2026-11-26T09:52:00Z') };
      await scheduler(clock).tick();
      expect(receiver.received.map((r) => r.payload.url)).toEqual([`${t().url}/?tenant=caribbean`]);
    });

    it('deletes the subscription when the push service answers 410', async () => {
      const id = await addShow(t(), { title: 'Gospel Hour', startTime: '19:00', endTime: '20:00' });
      const sub = receiver.subscribe();
      expect((await subscribe(t(), sub, [id])).status).toBe(201);
      receiver.answer(sub.id, [410]);
      await scheduler({ now: Date.parse('2026-11-26T22:55:00Z') }).tick();
      expect(receiver.received).toHaveLength(0);
      expect(await t().db('push_subscriptions').select('id')).toHaveLength(0);
      expect(await t().db('push_deliveries').select('airing')).toHaveLength(0);
    });

    it('retries other failures with backoff until the show starts, then drops them', async () => {
      const id = await addShow(t(), { title: 'Gospel Hour', startTime: '19:00', endTime: '20:00' });
      const sub = receiver.subscribe();
      const late = receiver.subscribe();
      expect((await subscribe(t(), sub, [id])).status).toBe(201);
      expect((await subscribe(t(), late, [id])).status).toBe(201);
      receiver.answer(sub.id, [500, 503]);
      receiver.answer(late.id, Array(100).fill(500));
      const clock = { now: Date.parse('2026-11-26T22:50:00Z') };
      const s = scheduler(clock);
      await s.tick(); // both fail (500)
      clock.now += 2_000;
      await s.tick(); // too soon: the first retry waits 5 s
      expect(receiver.received).toHaveLength(0);
      clock.now += 4_000;
      await s.tick(); // second attempts: 503 and 500
      clock.now += 11_000;
      await s.tick(); // third: sub goes through
      expect(receiver.received.map((r) => r.subscription)).toEqual([sub.id]);
      const states = await t().db('push_deliveries').select('subscription_id', 'state');
      expect(Object.fromEntries(states.map((r: { subscription_id: string; state: string }) => [r.subscription_id, r.state]))).toEqual({
        [(await t().db('push_subscriptions').where({ endpoint: sub.endpoint }).first('id')).id]: 'sent',
        [(await t().db('push_subscriptions').where({ endpoint: late.endpoint }).first('id')).id]: 'pending',
      });
      // Once the show has started, the failing one is given up; the subscription stays.
      clock.now = Date.parse('2026-11-26T23:00:00Z');
      await s.tick();
      expect((await t().db('push_deliveries').select('state')).map((r: { state: string }) => r.state).sort()).toEqual(['dropped', 'sent']);
      expect(await t().db('push_subscriptions').select('id')).toHaveLength(2);
    });

    it("follows the tenant's zone across daylight-saving changes: one push per airing", async () => {
      await setZone(t(), 'watzhott', 'America/New_York');
      const skipped = await addShow(t(), { title: 'Gap Show', startTime: '02:30', endTime: '04:00', days: ['Sunday'] });
      const twice = await addShow(t(), { title: 'Twice Show', startTime: '01:30', endTime: '01:45', days: ['Sunday'] });
      const sub = receiver.subscribe();
      expect((await subscribe(t(), sub, [skipped, twice])).status).toBe(201);
      // Spring forward: 02:30 does not happen; the show starts at 03:00 EDT (07:00Z).
      const { clock, s } = await quietSchedulerAt('2026-03-08T06:49:00Z');
      clock.now = Date.parse('2026-03-08T06:50:00Z');
      await s.tick();
      expect(receiver.received.map((r) => [r.payload.title, r.payload.startsAt])).toEqual([['Gap Show starts in 10 minutes', '2026-03-08T07:00:00.000Z']]);
      // Fall back: 01:30 EDT (05:30Z) gets the reminder, 01:30 EST (06:30Z) does not again.
      receiver.received.length = 0;
      for (const iso of ['2026-11-01T05:20:00Z', '2026-11-01T05:25:00Z', '2026-11-01T06:20:00Z', '2026-11-01T06:25:00Z']) {
        clock.now = Date.parse(iso);
        await s.tick();
      }
      expect(receiver.received.map((r) => [r.payload.title, r.payload.startsAt])).toEqual([['Twice Show starts in 10 minutes', '2026-11-01T05:30:00.000Z']]);
    });

    it('caps the subscriptions following shows per address (IPv6 by its /64): one more is 409, a refresh or another address is not', async () => {
      const show = await addShow(t(), { title: 'Morning Glory', startTime: '06:00', endTime: '09:00' });
      const limits = t().config.limits;
      const before = limits.pushSubscriptionsPerAddress;
      limits.pushSubscriptionsPerAddress = 3;
      try {
        const from = (address: string, sub: Pick<TestSubscription, 'endpoint' | 'keys'>, showIds = [show]) =>
          t().http().post('/api/push/subscriptions').set('X-Forwarded-For', address).send({ subscription: { endpoint: sub.endpoint, keys: sub.keys }, showIds });
        const subs = Array.from({ length: 4 }, () => receiver.subscribe());
        for (const [i, sub] of subs.slice(0, 3).entries()) expect((await from(`2001:db8:7:7::${i + 1}`, sub)).status).toBe(201);
        // Following nothing, a subscription is not counted.
        expect((await from('2001:db8:7:7::9', receiver.subscribe(), [])).status).toBe(201);

        const over = await from('2001:db8:7:7:ffff::1', subs[3]!);
        expect(over.status).toBe(409);
        expect(over.body.error).toBe('Too many reminder subscriptions from this network (3, the most one address may hold): turn reminders off in another browser on it first');
        expect(await t().db('push_subscriptions').where({ endpoint: subs[3]!.endpoint }).select('id')).toHaveLength(0);
        // The same browser again (new keys, other shows) adds none; another address has its own count.
        expect((await from('2001:db8:7:7::1', subs[0]!)).status).toBe(200);
        expect((await from('2001:db8:8:8::1', subs[3]!)).status).toBe(201);
        // Turning reminders off in one browser makes room for another.
        expect((await t().http().delete('/api/push/subscriptions').set('X-Forwarded-For', freshAddress()).send({ endpoint: subs[1]!.endpoint })).status).toBe(204);
        expect((await from('2001:db8:7:7::4', receiver.subscribe())).status).toBe(201);
      } finally {
        limits.pushSubscriptionsPerAddress = before;
      }
    });

    it("a push service that never answers holds only its own lane: another host's reminder goes out before any of its sends gives up", async () => {
      const stuck = await startPushReceiver({ silent: true });
      try {
        // The stuck host's listeners follow the earlier show, so they come first in line.
        const early = await addShow(t(), { title: 'Gospel Hour', startTime: '19:00', endTime: '20:00' });
        const later = await addShow(t(), { title: 'Night Praise', startTime: '19:05', endTime: '20:00' });
        for (let i = 0; i < 40; i += 1) {
          const sub = receiver.subscribe();
          expect((await subscribe(t(), { endpoint: `${stuck.url}/push/${sub.id}`, keys: sub.keys }, [early])).status).toBe(201);
        }
        const sub = receiver.subscribe();
        expect((await subscribe(t(), sub, [later])).status).toBe(201);

        const s = scheduler({ now: Date.parse('2026-11-26T22:56:00Z') });
        const pass = s.tick();
        // Waits for the reminder on the other host, or for the stuck host's first send to reach
        // its deadline (10 s), whichever comes first.
        await vi.waitUntil(() => receiver.received.length > 0 || stuck.held.givenUp > 0, { timeout: 30_000, interval: 20 });
        expect(receiver.received.map((r) => r.payload.title)).toEqual(['Night Praise starts in 10 minutes']);
        expect(stuck.held.givenUp).toBe(0);
        // The stuck host is sent to meanwhile, no more at once than its lane's limit.
        await vi.waitUntil(() => stuck.held.waiting > 0, { timeout: 30_000, interval: 20 });
        expect(stuck.held.givenUp).toBe(0);
        expect(stuck.held.waiting).toBeLessThanOrEqual(SENDS_PER_HOST);
        await stuck.close();
        await pass;
        await s.stop();
      } finally {
        await stuck.close();
      }
      // Forty subscriptions made through the API first: a loaded machine needs more than the default.
    }, 90_000);

    it('sends nothing for a show the listener took off before its reminder', async () => {
      const a = await addShow(t(), { title: 'Gospel Hour', startTime: '19:00', endTime: '20:00' });
      const b = await addShow(t(), { title: 'Night Praise', startTime: '21:00', endTime: '22:00' });
      const sub = receiver.subscribe();
      expect((await subscribe(t(), sub, [a])).status).toBe(201);
      expect((await subscribe(t(), sub, [b])).status).toBe(200);
      await scheduler({ now: Date.parse('2026-11-26T22:52:00Z') }).tick();
      expect(receiver.received).toHaveLength(0);
    });
  },
  // The stand-in push services listen on 127.0.0.1: one more host next to the real ones.
  { pushAllowInsecureEndpoints: true, pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1'] },
);

describe('push endpoints a stranger gives us', () => {
  let app: TestApp;
  let receiver: PushReceiver;
  beforeAll(async () => {
    app = await createTestApp('sqlite');
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.close();
  });

  it('must be https: on a public address unless PUSH_ALLOW_INSECURE_ENDPOINTS=on', async () => {
    const show = await addShow(app, { title: 'Morning Glory', startTime: '06:00', endTime: '09:00' });
    const sub = receiver.subscribe();
    for (const endpoint of [sub.endpoint, 'https://127.0.0.1/push/x', 'https://10.0.0.8/push/x', 'https://169.254.169.254/latest', 'ftp://push.example.com/x', 'not a url']) {
      const res = await subscribe(app, { endpoint, keys: sub.keys }, [show]);
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error, endpoint).toMatch(/endpoint/i);
    }
    const ok = await subscribe(app, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: sub.keys }, [show]);
    expect(ok.status).toBe(201);
    expect(await app.db('push_subscriptions').select('id')).toHaveLength(1);
  });

  it('must be on a push service browsers use (PUSH_ENDPOINT_HOSTS), on its usual port', async () => {
    const show = await addShow(app, { title: 'Drive Time', startTime: '16:00', endTime: '18:00' });
    const sub = receiver.subscribe();
    const hosts = 'fcm.googleapis.com, updates.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com';
    for (const endpoint of ['https://push.example.com/wpush/v2/abc', 'https://example.com/', 'https://push.apple.com.attacker.example/x', 'https://notify.windows.com/w/?token=x']) {
      const res = await subscribe(app, { endpoint, keys: sub.keys }, [show]);
      expect(res.status, endpoint).toBe(400);
      const host = new URL(endpoint).hostname;
      expect(res.body.error, endpoint).toBe(`The push endpoint cannot be used: ${host} is not a push service; reminders are sent only to the push services browsers use (${hosts}).`);
      expect(res.body.issues, endpoint).toEqual([{ path: 'subscription.endpoint', message: expect.stringContaining(`${host} is not a push service`) }]);
    }
    const port = await subscribe(app, { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/abc', keys: sub.keys }, [show]);
    expect(port.status).toBe(400);
    expect(port.body.error).toBe('The push endpoint cannot be used: A push service answers on its usual port; an endpoint names none.');
    // Chrome's, Firefox's, Safari's and Edge's endpoints.
    for (const endpoint of [
      'https://fcm.googleapis.com/wp/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect((await subscribe(app, { endpoint, keys: sub.keys }, [show])).status, endpoint).toBe(201);
    }
  });
});
