import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SponsorSchema, sponsorApplicationPayload } from '../../../domain/sponsors';
import { adminHeaders, withOverrides } from '../../test/api-requests';
import { describeEachEngine, freshAddress } from '../../test/test-app';

const CARIBBEAN = '?tenant=caribbean';

const application = withOverrides({
  name: 'Island Breeze Bakery',
  tier: 'standard',
  targetUrl: 'https://islandbreeze.example.com',
  notes: 'Email: owner@islandbreeze.example.com\nBudget: $500 - $1,000\nGoals: reach gospel listeners in Guyana',
  active: false,
});

interface SponsorBody {
  id: string;
  name: string;
  active: boolean;
  notes?: string;
}

describeEachEngine('sponsors', (t) => {
  const apply = (body: unknown, query = '', ip = freshAddress()) =>
    t().http().post(`/api/sponsors${query}`).set('X-Forwarded-For', ip).send(body as object);
  const patch = (id: string, body: unknown, query = '') => t().http().patch(`/api/sponsors/${id}${query}`).set(adminHeaders()).send(body as object);
  const visitorList = (query = '') => t().http().get(`/api/sponsors${query}`).set('X-Forwarded-For', freshAddress());
  const adminList = (query = '') => t().http().get(`/api/sponsors${query}`).set(adminHeaders());
  const ids = (res: { body: SponsorBody[] }) => res.body.map((s) => s.id);
  /** A list answered 200 with this Cache-Control: the ids in it. */
  const listedIds = (res: { status: number; headers: Record<string, string>; body: SponsorBody[] }, cacheControl: string) => {
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    return ids(res);
  };

  async function activeSponsor(overrides: Record<string, unknown> = {}, query = ''): Promise<string> {
    const created = await apply(application(overrides), query);
    expect(created.status).toBe(201);
    const activated = await patch(created.body.id, { active: true }, query);
    expect(activated.status).toBe(200);
    return created.body.id as string;
  }

  /** An application left pending and a sponsor made active: `Pending ${label}`, `Active ${label}`. */
  async function pendingAndActive(label: string): Promise<{ pendingId: string; activeId: string }> {
    const pending = await apply(application({ name: `Pending ${label}` }));
    return { pendingId: pending.body.id as string, activeId: await activeSponsor({ name: `Active ${label}` }) };
  }

  it('stores an application inactive even when active:true is sent, and drops unknown fields', async () => {
    const res = await apply(application({ active: true, imageUrl: 'https://evil.example.com/x.png', evil: 'x' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Island Breeze Bakery', tier: 'standard', targetUrl: 'https://islandbreeze.example.com', active: false, imageUrl: null });
    expect(res.body).not.toHaveProperty('evil');
    const row = await t().db('sponsors').where({ id: res.body.id }).first();
    expect(row).not.toHaveProperty('evil');
    expect([false, 0]).toContain(row.active);
    expect(row.image_url).toBeNull();
    expect(row.notes).toBe(application().notes);
  });

  it('accepts the payload the app builds from the Partnership Application form', async () => {
    const payload = sponsorApplicationPayload({
      companyName: 'Rum Shop Records',
      email: 'hello@rumshop.example.com',
      website: '',
      tier: 'premium',
      budget: '$5,000+',
      goals: 'Sponsor the Friday night soca countdown show',
      message: '',
    });
    const res = await apply(payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Rum Shop Records', tier: 'premium', targetUrl: null, active: false });
  });

  it('never answers a visitor any sponsor notes, not even their own', async () => {
    const res = await apply(application());
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('notes');
  });

  it('lists active sponsors only to visitors, with no notes key at all', async () => {
    const { pendingId, activeId } = await pendingAndActive('Co');
    const visitor = await visitorList();
    const visible = listedIds(visitor, 'no-cache');
    expect(visible).toContain(activeId);
    expect(visible).not.toContain(pendingId);
    for (const s of visitor.body as SponsorBody[]) {
      expect(s.active).toBe(true);
      expect(Object.keys(s)).not.toContain('notes');
    }
    expect(visitor.text).not.toContain('owner@islandbreeze.example.com');
  });

  it('lists every sponsor to an admin, with notes, uncached', async () => {
    const { pendingId, activeId } = await pendingAndActive('For Admin');
    const res = await adminList();
    expect(listedIds(res, 'no-store')).toEqual(expect.arrayContaining([pendingId, activeId]));
    const pending = (res.body as SponsorBody[]).find((s) => s.id === pendingId);
    expect(pending?.notes).toBe(application().notes);
    expect(v.is(SponsorSchema, pending)).toBe(true);
  });

  it('keeps sponsors per tenant', async () => {
    const praise = await activeSponsor({ name: 'Praise Only' }, CARIBBEAN);
    const watz = await activeSponsor({ name: 'Watzhott Only' });
    expect(ids(await visitorList(CARIBBEAN))).toContain(praise);
    expect(ids(await visitorList(CARIBBEAN))).not.toContain(watz);
    expect(ids(await visitorList())).not.toContain(praise);
    expect(ids(await adminList())).not.toContain(praise);
    const cross = await patch(praise, { active: false });
    expect(cross.status).toBe(404);
    const crossDelete = await t().http().delete(`/api/sponsors/${praise}`).set(adminHeaders());
    expect(crossDelete.status).toBe(404);
  });

  it.each([['gold'], ['Premium'], [''], [null], [undefined]])('refuses tier %j with 400', async (tier) => {
    const body: Record<string, unknown> = application({ name: `Bad tier ${String(tier)}`, tier });
    if (tier === undefined) delete body.tier;
    const res = await apply(body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'tier', message: expect.any(String) }]);
    expect(await t().db('sponsors').where({ name: `Bad tier ${String(tier)}` })).toHaveLength(0);
  });

  it.each(['supporting', 'standard', 'premium'])('accepts tier %s', async (tier) => {
    const res = await apply(application({ tier }));
    expect(res.status).toBe(201);
    expect(res.body.tier).toBe(tier);
  });

  it('takes targetUrl null, empty or an http(s) URL, and refuses anything else', async () => {
    const none = await apply(application({ targetUrl: null }));
    expect(none.status).toBe(201);
    expect(none.body.targetUrl).toBeNull();
    const empty = await apply(application({ targetUrl: '' }));
    expect(empty.status).toBe(201);
    expect(empty.body.targetUrl).toBeNull();
    const http = await apply(application({ targetUrl: 'http://plain.example.com/about' }));
    expect(http.body.targetUrl).toBe('http://plain.example.com/about');
    for (const bad of ['javascript:alert(1)', 'ftp://files.example.com', 'not a url', 'data:text/html,hi']) {
      const res = await apply(application({ name: 'Bad URL Co', targetUrl: bad }));
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'targetUrl', message: 'Valid website URL is required' }]);
    }
    expect(await t().db('sponsors').where({ name: 'Bad URL Co' })).toHaveLength(0);
  });

  it('requires a company name with the docs/product.md#validation-messages message', async () => {
    const res = await apply(application({ name: '   ' }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'name', message: 'Company name is required' }]);
  });

  it('replays an idempotent POST and refuses the same key with another body (409)', async () => {
    const ip = freshAddress();
    const send = (name: string) =>
      t().http().post('/api/sponsors').set('X-Forwarded-For', ip).set('Idempotency-Key', 'sponsor-outbox-1').send(application({ name }));
    const first = await send('Once Only Ltd');
    const again = await send('Once Only Ltd');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t().db('sponsors').where({ name: 'Once Only Ltd' })).toHaveLength(1);
    const other = await send('Someone Else Ltd');
    expect(other.status).toBe(409);
    expect(other.body.error).toEqual(expect.any(String));
    expect(await t().db('sponsors').where({ name: 'Someone Else Ltd' })).toHaveLength(0);
  });

  it('activates and edits with PATCH (admin): active, tier, imageUrl, targetUrl', async () => {
    const created = await apply(application());
    const res = await patch(created.body.id, {
      active: true,
      tier: 'premium',
      imageUrl: 'https://media.example.com/logo.png',
      targetUrl: 'https://new.example.com',
      evil: 'dropped',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      name: 'Island Breeze Bakery',
      active: true,
      tier: 'premium',
      imageUrl: 'https://media.example.com/logo.png',
      targetUrl: 'https://new.example.com',
      notes: application().notes,
    });
    expect(res.body).not.toHaveProperty('evil');
    const listed = (await visitorList()).body.find((s: SponsorBody) => s.id === created.body.id);
    expect(listed).toMatchObject({ active: true, tier: 'premium', imageUrl: 'https://media.example.com/logo.png' });
    const clear = await patch(created.body.id, { imageUrl: null, targetUrl: '' });
    expect(clear.status).toBe(200);
    expect(clear.body).toMatchObject({ imageUrl: null, targetUrl: null, active: true, tier: 'premium' });
    const deactivate = await patch(created.body.id, { active: false });
    expect(deactivate.body.active).toBe(false);
    expect(ids(await visitorList())).not.toContain(created.body.id);
  });

  it('validates PATCH', async () => {
    const created = await apply(application());
    for (const [field, value] of [
      ['tier', 'gold'],
      ['imageUrl', 'javascript:alert(1)'],
      ['targetUrl', 'ftp://x.example.com'],
      ['active', 'yes'],
    ] as const) {
      const res = await patch(created.body.id, { [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: field, message: expect.any(String) }]);
    }
    const row = await t().db('sponsors').where({ id: created.body.id }).first();
    expect(row).toMatchObject({ tier: 'standard', image_url: null, target_url: 'https://islandbreeze.example.com' });
  });

  it('answers 404 to PATCH and DELETE of an unknown id', async () => {
    const p = await patch('no-such-sponsor', { active: true });
    expect(p.status).toBe(404);
    expect(p.body).toEqual({ error: expect.any(String) });
    const empty = await patch('no-such-sponsor', {});
    expect(empty.status).toBe(404);
    const d = await t().http().delete('/api/sponsors/no-such-sponsor').set(adminHeaders());
    expect(d.status).toBe(404);
  });

  it('deletes with DELETE (204)', async () => {
    const id = await activeSponsor({ name: 'Going Away' });
    const res = await t().http().delete(`/api/sponsors/${id}`).set(adminHeaders());
    expect(res.status).toBe(204);
    expect(ids(await adminList())).not.toContain(id);
    expect(await t().db('sponsors').where({ id })).toHaveLength(0);
  });

  it('lets only an admin PATCH or DELETE (401 for visitors and wrong keys)', async () => {
    const created = await apply(application());
    const visitorPatch = await t().http().patch(`/api/sponsors/${created.body.id}`).set('X-Forwarded-For', freshAddress()).send({ active: true });
    expect(visitorPatch.status).toBe(401);
    expect(visitorPatch.body).toEqual({ error: 'Invalid admin key' });
    const wrongPatch = await t()
      .http()
      .patch(`/api/sponsors/${created.body.id}`)
      .set('X-Forwarded-For', freshAddress())
      .set('x-admin-key', 'bad')
      .send({ active: true });
    expect(wrongPatch.status).toBe(401);
    const visitorDelete = await t().http().delete(`/api/sponsors/${created.body.id}`).set('X-Forwarded-For', freshAddress());
    expect(visitorDelete.status).toBe(401);
    const row = await t().db('sponsors').where({ id: created.body.id }).first();
    expect(row).toBeTruthy();
    expect([false, 0]).toContain(row.active);
    const wrongGet = await t().http().get('/api/sponsors').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'bad');
    expect(wrongGet.status).toBe(401);
  });
});

describe('sponsors rate limit', () => {
  describeEachEngine('public writes', (t) => {
    it('allows 20 applications a minute from one address, then 429 with Retry-After', async () => {
      const ip = freshAddress();
      const send = (i: number) => t().http().post('/api/sponsors').set('X-Forwarded-For', ip).send(application({ name: `Rate ${i}` }));
      for (let i = 0; i < 20; i++) {
        expect((await send(i)).status).toBe(201);
      }
      const limited = await send(20);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body.error).toEqual(expect.any(String));
      expect(await t().db('sponsors').where({ name: 'Rate 20' })).toHaveLength(0);
      const other = await t().http().post('/api/sponsors').set('X-Forwarded-For', freshAddress()).send(application());
      expect(other.status).toBe(201);
      t().clock.advance(61_000);
      expect((await send(21)).status).toBe(201);
    });
  });
});
