import { expect, it } from 'vitest';
import * as v from 'valibot';
import { AdSchema } from '../../../domain/ads';
import { AD_SLOTS } from '../../../domain/catalog';
import { defaultSettings } from '../../../domain/settings';
import { saveSettings } from '../../db/settings-store';
import { adminHeaders, expectVisitorWritesRefused, withOverrides } from '../../test/api-requests';
import { describeEachEngine, freshAddress } from '../../test/test-app';
import type { Deps } from '../../http/context';
import { adCounter } from './ad-counts.service';

const CARIBBEAN = '?tenant=caribbean';

const banner = withOverrides({
  imageUrl: 'https://media.example.com/banner.png',
  targetUrl: 'https://advertiser.example.com/landing?utm=radio',
  alt: 'Island Breeze Bakery: fresh bread daily',
  slots: ['leaderboard'],
  countries: [],
  active: true,
});

interface AdBody {
  id: string;
  impressions: number;
  clicks: number;
  active: boolean;
}

describeEachEngine('ads', (t) => {
  const create = (body: unknown, query = '') => t().http().post(`/api/ads${query}`).set(adminHeaders()).send(body as object);
  const serve = (slot: string, country = 'GY', tenantQuery = '') =>
    t()
      .http()
      .get(`/api/ads/serve?slot=${encodeURIComponent(slot)}&country=${encodeURIComponent(country)}${tenantQuery ? `&${tenantQuery.slice(1)}` : ''}`)
      .set('X-Forwarded-For', freshAddress());
  const adminList = (query = '') => t().http().get(`/api/ads${query}`).set(adminHeaders());
  /** What the table holds now, before any batch of counts is written. */
  const storedCounts = async (id: string) => {
    const row = await t().db('ads').where({ id }).first();
    return { impressions: Number(row.impressions), clicks: Number(row.clicks) };
  };
  /** The counts as an admin sees them: the admin list writes pending counts first. */
  const counts = async (id: string, query = '') => {
    const ad = ((await adminList(query)).body as AdBody[]).find((a) => a.id === id)!;
    return { impressions: ad.impressions, clicks: ad.clicks };
  };
  /** Each test runs against the ads it made: clear the tenant first. */
  const clear = (tenant = 'watzhott') => t().db('ads').where({ tenant }).delete();

  it('creates an ad for an admin (201) with zero counts and drops unknown fields', async () => {
    const res = await create(banner({ impressions: 999, clicks: 5, evil: 'x', slots: ['sidebar', 'sidebar', 'footer'], countries: ['JM', 'JM'] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      imageUrl: 'https://media.example.com/banner.png',
      targetUrl: 'https://advertiser.example.com/landing?utm=radio',
      alt: 'Island Breeze Bakery: fresh bread daily',
      slots: ['sidebar', 'footer'],
      countries: ['JM'],
      active: true,
      impressions: 0,
      clicks: 0,
    });
    expect(res.body).not.toHaveProperty('evil');
    expect(v.is(AdSchema, res.body)).toBe(true);
    const row = await t().db('ads').where({ id: res.body.id }).first();
    expect(row).not.toHaveProperty('evil');
    expect(Number(row.impressions)).toBe(0);
  });

  it('lists ads with impression and click counts to admins only', async () => {
    const created = await create(banner());
    const res = await adminList();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ad = (res.body as AdBody[]).find((a) => a.id === created.body.id);
    expect(ad).toMatchObject({ impressions: 0, clicks: 0 });
    const visitor = await t().http().get('/api/ads').set('X-Forwarded-For', freshAddress());
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: 'Invalid admin key' });
    const wrong = await t().http().get('/api/ads').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'nope');
    expect(wrong.status).toBe(401);
  });

  it('serves {id,imageUrl,targetUrl,alt} only, and counts the impression', async () => {
    await clear();
    const created = await create(banner({ slots: ['sidebar'] }));
    const res = await serve('sidebar');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: created.body.id,
      imageUrl: 'https://media.example.com/banner.png',
      targetUrl: 'https://advertiser.example.com/landing?utm=radio',
      alt: 'Island Breeze Bakery: fresh bread daily',
    });
    expect(res.body).not.toHaveProperty('impressions');
    expect(res.body).not.toHaveProperty('clicks');
    expect(await counts(created.body.id)).toEqual({ impressions: 1, clicks: 0 });
    await serve('sidebar');
    await serve('sidebar');
    expect(await counts(created.body.id)).toEqual({ impressions: 3, clicks: 0 });
  });

  it('revalidates: the same ad again is a 304 that still counts its impression', async () => {
    await clear();
    const created = await create(banner({ slots: ['sidebar'] }));
    const first = await serve('sidebar');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const again = await serve('sidebar').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(await counts(created.body.id)).toEqual({ impressions: 2, clicks: 0 });
  });

  it('serves nothing and counts nothing in embed mode (docs/product.md: hybrid mode only)', async () => {
    await clear();
    const created = await create(banner({ slots: ['sidebar'] }));
    await saveSettings(t().db, 'watzhott', { ...defaultSettings('watzhott'), adMode: 'embed' as const }, Date.now());
    try {
      expect((await serve('sidebar')).status).toBe(204);
      expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 0 });
    } finally {
      await saveSettings(t().db, 'watzhott', { ...defaultSettings('watzhott'), adMode: 'hybrid' as const }, Date.now());
    }
    expect((await serve('sidebar')).status).toBe(200);
  });

  it('answers 204 when no ad fits the slot', async () => {
    await clear();
    await create(banner({ slots: ['leaderboard'] }));
    const res = await serve('footer');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('never serves an inactive ad', async () => {
    await clear();
    const off = await create(banner({ slots: ['infeed'], active: false }));
    expect(off.status).toBe(201);
    expect(off.body.active).toBe(false);
    expect((await serve('infeed')).status).toBe(204);
    expect(await counts(off.body.id)).toEqual({ impressions: 0, clicks: 0 });
    const on = await t().http().patch(`/api/ads/${off.body.id}`).set(adminHeaders()).send({ active: true });
    expect(on.status).toBe(200);
    expect((await serve('infeed')).body.id).toBe(off.body.id);
    await t().http().patch(`/api/ads/${off.body.id}`).set(adminHeaders()).send({ active: false });
    expect((await serve('infeed')).status).toBe(204);
  });

  it('targets countries: a JM ad is not served for GY but is for JM; an ad with [] is served everywhere', async () => {
    await clear();
    const jm = await create(banner({ slots: ['artists'], countries: ['JM'] }));
    expect((await serve('artists', 'GY')).status).toBe(204);
    expect((await serve('artists', 'XX')).status).toBe(204);
    expect((await serve('artists', '')).status).toBe(204);
    const forJm = await serve('artists', 'JM');
    expect(forJm.status).toBe(200);
    expect(forJm.body.id).toBe(jm.body.id);
    expect(await counts(jm.body.id)).toEqual({ impressions: 1, clicks: 0 });

    const everywhere = await create(banner({ slots: ['artists'], countries: [] }));
    for (const country of ['GY', 'TT', 'BS', 'XX', '']) {
      const res = await serve('artists', country);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(everywhere.body.id);
    }
    // JM listeners see one of the two.
    const again = await serve('artists', 'JM');
    expect([jm.body.id, everywhere.body.id]).toContain(again.body.id);
  });

  it('takes turns between fitting ads', async () => {
    await clear();
    const a = await create(banner({ slots: ['directory'] }));
    const b = await create(banner({ slots: ['directory'] }));
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await serve('directory')).body.id);
    expect(served.filter((id) => id === a.body.id)).toHaveLength(2);
    expect(served.filter((id) => id === b.body.id)).toHaveLength(2);
  });

  it('serves every one of the 7 slots and refuses an unknown or missing slot with 400', async () => {
    await clear();
    await create(banner({ slots: [...AD_SLOTS] }));
    for (const slot of AD_SLOTS) expect((await serve(slot)).status).toBe(200);
    const unknown = await serve('popup');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual(expect.any(String));
    const missing = await t().http().get('/api/ads/serve?country=GY');
    expect(missing.status).toBe(400);
    // A slot value that only contains a real one is not a match either.
    expect((await serve('"leaderboard"')).status).toBe(400);
  });

  it('scopes ads per tenant', async () => {
    await clear('caribbean');
    await clear();
    const praise = await create(banner({ slots: ['schedule'] }), CARIBBEAN);
    expect((await serve('schedule')).status).toBe(204);
    const served = await serve('schedule', 'GY', CARIBBEAN);
    expect(served.status).toBe(200);
    expect(served.body.id).toBe(praise.body.id);
    expect((await adminList()).body.map((a: AdBody) => a.id)).not.toContain(praise.body.id);
    expect((await adminList(CARIBBEAN)).body.map((a: AdBody) => a.id)).toContain(praise.body.id);
    const cross = await t().http().patch(`/api/ads/${praise.body.id}`).set(adminHeaders()).send({ active: false });
    expect(cross.status).toBe(404);
    const crossDelete = await t().http().delete(`/api/ads/${praise.body.id}`).set(adminHeaders());
    expect(crossDelete.status).toBe(404);
  });

  it('redirects /out/:adId to the target (302) and counts the click', async () => {
    const created = await create(banner());
    const res = await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', freshAddress()).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://advertiser.example.com/landing?utm=radio');
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 1 });
    await t().http().get(`/out/${created.body.id}`).redirects(0);
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 2 });
  });

  it('counts an impression at most once per client address per ad per minute; repeats are answered the same', async () => {
    await clear();
    const created = await create(banner({ slots: ['infeed'] }));
    const reader = freshAddress();
    const fromReader = () => t().http().get('/api/ads/serve?slot=infeed&country=GY').set('X-Forwarded-For', reader);
    for (let i = 0; i < 5; i++) {
      const res = await fromReader();
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(created.body.id);
    }
    expect(await counts(created.body.id)).toEqual({ impressions: 1, clicks: 0 });
    // Another address counts; an IPv6 reader counts once for its whole /64.
    await serve('infeed');
    for (const ipv6 of ['2001:db8:ad:1::1', '2001:db8:ad:1::2', '2001:db8:ad:1:abcd:ef01:2345:6789']) {
      await t().http().get('/api/ads/serve?slot=infeed&country=GY').set('X-Forwarded-For', ipv6);
    }
    expect(await counts(created.body.id)).toEqual({ impressions: 3, clicks: 0 });
    // A minute later the same reader counts again.
    t().clock.advance(60_000);
    await fromReader();
    expect(await counts(created.body.id)).toEqual({ impressions: 4, clicks: 0 });
  });

  it('counts a click at most once per client address per ad per minute', async () => {
    const created = await create(banner());
    const clicker = freshAddress();
    for (let i = 0; i < 4; i++) {
      const res = await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', clicker).redirects(0);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://advertiser.example.com/landing?utm=radio');
    }
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 1 });
    t().clock.advance(60_000);
    await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', clicker).redirects(0);
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 2 });
  });

  it('still redirects /out/ of an inactive ad, but counts nothing', async () => {
    const created = await create(banner({ active: false }));
    const res = await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', freshAddress()).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://advertiser.example.com/landing?utm=radio');
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 0 });
  });

  it('counts a click on /out/ only for an ad of the tenant asking: another tenant\'s ad is followed but not counted (issue 30)', async () => {
    const created = await create(banner());
    // The Caribbean tenant (its host, or ?tenant=caribbean) following a Watzhott ad's link.
    const res = await t().http().get(`/out/${created.body.id}?tenant=caribbean`).set('X-Forwarded-For', freshAddress()).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://advertiser.example.com/landing?utm=radio');
    const byHost = await t().http().get(`/out/${created.body.id}`).set('Host', 'caribbeanpraise.example').set('X-Forwarded-For', freshAddress()).redirects(0);
    expect(byHost.status).toBe(302);
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 0 });
    // Its own tenant's click counts.
    await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', freshAddress()).redirects(0);
    expect(await counts(created.body.id)).toEqual({ impressions: 0, clicks: 1 });
  });

  it('batches counts: the answer never waits for a write to the ads table', async () => {
    // The batch's own timer (a second) is stopped, so on a slow machine it cannot write the
    // counts between the answers and the check below: they reach the table on the admin's read.
    expect((await serve('footer')).status).toBeLessThan(300);
    adCounter({ db: t().db } as Deps).stop();
    await clear();
    const created = await create(banner({ slots: ['footer'] }));
    expect((await serve('footer')).status).toBe(200);
    expect((await t().http().get(`/out/${created.body.id}`).set('X-Forwarded-For', freshAddress()).redirects(0)).status).toBe(302);
    // Answered, and not yet written: the counts wait in memory for the next batch.
    expect(await storedCounts(created.body.id)).toEqual({ impressions: 0, clicks: 0 });
    expect(await counts(created.body.id)).toEqual({ impressions: 1, clicks: 1 });
    expect(await storedCounts(created.body.id)).toEqual({ impressions: 1, clicks: 1 });
  });

  it('takes http(s) URLs or uploads of ours as image and target, never another same-origin path', async () => {
    const own = '/uploads/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11.png';
    expect((await create(banner({ imageUrl: own }))).status).toBe(201);
    for (const [field, value] of [
      ['targetUrl', '/out/0b7e1f3c-7d5e-4a40-9d55-3f0b2a9d1c11'],
      ['targetUrl', '/admin/settings'],
      ['imageUrl', '/brand/caribbean-logo.svg'],
      ['imageUrl', '/uploads/not-ours.png'],
    ] as const) {
      const res = await create(banner({ [field]: value }));
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([field]);
    }
  });

  it('answers 404 on /out/ for an unknown ad, counting nothing', async () => {
    const res = await t().http().get('/out/no-such-ad').redirects(0);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('updates with PATCH (200), keeping what was not sent', async () => {
    const created = await create(banner({ countries: ['GY'] }));
    const res = await t()
      .http()
      .patch(`/api/ads/${created.body.id}`)
      .set(adminHeaders())
      .send({ targetUrl: 'https://other.example.com/offer', slots: ['footer', 'sidebar'], impressions: 1000, evil: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created.body, targetUrl: 'https://other.example.com/offer', slots: ['footer', 'sidebar'] });
    const redirect = await t().http().get(`/out/${created.body.id}`).redirects(0);
    expect(redirect.headers.location).toBe('https://other.example.com/offer');
  });

  it('deletes with DELETE (204); then the ad is gone everywhere', async () => {
    await clear();
    const created = await create(banner({ slots: ['footer'] }));
    const res = await t().http().delete(`/api/ads/${created.body.id}`).set(adminHeaders());
    expect(res.status).toBe(204);
    expect((await adminList()).body.map((a: AdBody) => a.id)).not.toContain(created.body.id);
    expect((await serve('footer')).status).toBe(204);
    expect((await t().http().get(`/out/${created.body.id}`).redirects(0)).status).toBe(404);
    const again = await t().http().delete(`/api/ads/${created.body.id}`).set(adminHeaders());
    expect(again.status).toBe(404);
    const patch = await t().http().patch('/api/ads/no-such-ad').set(adminHeaders()).send({ active: false });
    expect(patch.status).toBe(404);
  });

  it('refuses visitor writes with 401', async () => {
    const bodies = { existing: banner(), create: banner({ alt: 'Visitor ad' }), newRow: { alt: 'Visitor ad' }, patch: { active: false } };
    await expectVisitorWritesRefused(t(), { collection: '/api/ads', table: 'ads' }, bodies);
  });

  it.each([
    ['imageUrl', 'javascript:alert(1)'],
    ['imageUrl', ''],
    ['targetUrl', 'javascript:alert(document.cookie)'],
    ['targetUrl', '//evil.example.com'],
    ['targetUrl', undefined],
    ['slots', []],
    ['slots', ['popup']],
    ['slots', 'leaderboard'],
    ['countries', ['US']],
    ['active', 'yes'],
  ])('refuses %s = %j with 400', async (field, value) => {
    const body: Record<string, unknown> = banner({ alt: `bad ${field}`, [field]: value });
    if (value === undefined) delete body[field];
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: expect.stringMatching(new RegExp(`^${field}`)), message: expect.any(String) }]);
    expect(await t().db('ads').where({ alt: `bad ${field}` })).toHaveLength(0);
  });

  it('validates PATCH', async () => {
    const created = await create(banner());
    const res = await t().http().patch(`/api/ads/${created.body.id}`).set(adminHeaders()).send({ targetUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'targetUrl', message: expect.any(String) }]);
    const redirect = await t().http().get(`/out/${created.body.id}`).redirects(0);
    expect(redirect.headers.location).toBe('https://advertiser.example.com/landing?utm=radio');
  });
});
