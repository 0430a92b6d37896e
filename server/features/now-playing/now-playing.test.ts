import { expect, it } from 'vitest';
import { NP_HISTORY_MAX } from '../../../domain/now-playing';
import { TENANT_NAMES } from '../../../domain/tenants';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';
import { nowPlayingRepository } from './now-playing.repository';
import { OFF_AIR_TITLE } from './now-playing.service';

const CARIBBEAN = '?tenant=caribbean';
// 2026-01-05 is a Monday. Guyana is UTC-4 all year.
const MONDAY_0700_GUYANA = Date.parse('2026-01-05T11:00:00Z');

describeEachEngine('now playing', (t) => {
  const np = (query = '') => t().http().get(`/api/np${query}`).set('X-Forwarded-For', freshAddress());

  async function resetTenant(tenant: 'watzhott' | 'caribbean', settings?: Record<string, unknown>) {
    await t().db('shows').where({ tenant }).delete();
    await t().db('np_history').where({ tenant }).delete();
    await t().db('settings').where({ tenant }).delete();
    if (settings) {
      await t().db('settings').insert({ tenant, data: JSON.stringify(settings), updated_at: new Date().toISOString() });
    }
  }

  async function addShow(title: string, startTime: string, endTime: string, days: string[], query = '') {
    const res = await t()
      .http()
      .post(`/api/shows${query}`)
      .set('x-admin-key', ADMIN_KEY)
      .set('X-Forwarded-For', freshAddress())
      .send({ title, description: '', startTime, endTime, days });
    expect(res.status).toBe(201);
  }

  it('answers the docs/api.md shape, public for 10 s', async () => {
    await resetTenant('watzhott');
    t().clock.now = MONDAY_0700_GUYANA;
    const res = await np();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(res.headers.etag).toBeTruthy();
    expect(Object.keys(res.body).sort()).toEqual(['history', 'listeners', 'nowPlaying', 'request', 'show']);
    expect(res.body.show).toBeNull();
    expect(Object.keys(res.body.nowPlaying).sort()).toEqual(['art', 'artist', 'title']);
    expect(res.body.listeners).toBeNull();
    expect(res.body.history).toEqual([]);
    const again = await t().http().get('/api/np').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('falls back to the station name and an off-air title when no show is on', async () => {
    await resetTenant('watzhott');
    await addShow('Evening Worship', '18:00', '20:00', ['Monday']);
    t().clock.now = MONDAY_0700_GUYANA;
    const res = await np();
    expect(res.body.nowPlaying).toEqual({ title: OFF_AIR_TITLE, artist: TENANT_NAMES.watzhott, art: '/brand/watzhott-logo.svg' });
  });

  it("names the show on air now per the tenant's schedule, with the display name as artist", async () => {
    await resetTenant('watzhott', { displayName: 'Watzhott FM', logoUrl: 'https://media.example.com/wz.png' });
    await addShow('Morning Praise', '06:00', '09:00', ['Monday', 'Wednesday']);
    await addShow('Drive Time', '16:00', '19:00', ['Monday']);
    t().clock.now = MONDAY_0700_GUYANA;
    const morning = (await np()).body;
    expect(morning.nowPlaying).toEqual({ title: 'Morning Praise', artist: 'Watzhott FM', art: 'https://media.example.com/wz.png' });
    expect(morning.show).toBe('Morning Praise');
    t().clock.now = Date.parse('2026-01-05T21:30:00Z'); // Monday 17:30 in Guyana
    expect((await np()).body.nowPlaying.title).toBe('Drive Time');
    t().clock.now = Date.parse('2026-01-06T11:00:00Z'); // Tuesday 07:00: not a Morning Praise day
    const between = (await np()).body;
    expect(between.nowPlaying.title).toBe(OFF_AIR_TITLE);
    expect(between.show).toBeNull();
    t().clock.now = Date.parse('2026-01-05T13:00:00Z'); // Monday 09:00: just ended
    expect((await np()).body.nowPlaying.title).toBe(OFF_AIR_TITLE);
  });

  it('follows a show past midnight into the next day', async () => {
    await resetTenant('watzhott');
    await addShow('Late Night Soca', '22:00', '02:00', ['Friday']);
    t().clock.now = Date.parse('2026-01-10T05:30:00Z'); // Saturday 01:30 in Guyana
    expect((await np()).body.nowPlaying.title).toBe('Late Night Soca');
    t().clock.now = Date.parse('2026-01-10T06:30:00Z'); // Saturday 02:30
    expect((await np()).body.nowPlaying.title).toBe(OFF_AIR_TITLE);
  });

  it("reads the schedule in the tenant's timeZone setting", async () => {
    // Wednesday 16:30 UTC = 12:30 in Guyana = 11:30 in New York = 22:00 in Kolkata.
    const instant = Date.parse('2026-01-07T16:30:00Z');
    await resetTenant('watzhott');
    await addShow('Midday Mix', '12:00', '13:00', ['Wednesday']);
    t().clock.now = instant;
    expect((await np()).body.nowPlaying.title).toBe('Midday Mix'); // default America/Guyana

    await t().db('settings').insert({ tenant: 'watzhott', data: JSON.stringify({ timeZone: 'America/New_York' }), updated_at: new Date().toISOString() });
    expect((await np()).body.nowPlaying.title).toBe(OFF_AIR_TITLE);
    t().clock.advance(60 * 60 * 1000); // 12:30 in New York
    expect((await np()).body.nowPlaying.title).toBe('Midday Mix');
  });

  it('uses a time zone saved through PUT /api/settings', async () => {
    await resetTenant('caribbean');
    await addShow('Kolkata Night', '21:30', '23:00', ['Wednesday'], CARIBBEAN);
    const settings = await t().http().get(`/api/settings${CARIBBEAN}`).set('x-admin-key', ADMIN_KEY).set('X-Forwarded-For', freshAddress());
    const put = await t()
      .http()
      .put(`/api/settings${CARIBBEAN}`)
      .set('x-admin-key', ADMIN_KEY)
      .set('X-Forwarded-For', freshAddress())
      .send({ ...settings.body, streamUrl: 'https://stream.example.com/cpr', radioHtmlEmbed: '<iframe></iframe>', timeZone: 'Asia/Kolkata', displayName: 'Praise 24/7' });
    expect(put.status).toBe(200);
    t().clock.now = Date.parse('2026-01-07T16:30:00Z'); // 22:00 in Kolkata
    expect((await np(CARIBBEAN)).body.nowPlaying).toMatchObject({ title: 'Kolkata Night', artist: 'Praise 24/7' });
  });

  it('falls back to America/Guyana when a stored time zone is unusable', async () => {
    await resetTenant('watzhott', { timeZone: 'Not/A_Zone' });
    await addShow('Morning Praise', '06:00', '09:00', ['Monday']);
    t().clock.now = MONDAY_0700_GUYANA;
    const res = await np();
    expect(res.status).toBe(200);
    expect(res.body.nowPlaying.title).toBe('Morning Praise');
    const settings = await t().http().get('/api/settings');
    expect(settings.body.timeZone).toBe('America/Guyana');
  });

  it('keeps shows, name and history per tenant', async () => {
    await resetTenant('watzhott');
    await resetTenant('caribbean');
    await addShow('Praise Breakfast', '06:00', '09:00', ['Monday'], CARIBBEAN);
    await t().db('np_history').insert({ tenant: 'caribbean', title: 'Amazing Grace', artist: 'Steel Choir', art: null, played_at: '2026-01-05T10:55:00.000Z' });
    t().clock.now = MONDAY_0700_GUYANA;
    const cpr = await np(CARIBBEAN);
    expect(cpr.body.nowPlaying).toMatchObject({ title: 'Praise Breakfast', artist: TENANT_NAMES.caribbean });
    expect(cpr.body.history).toEqual([{ title: 'Amazing Grace', artist: 'Steel Choir', playedAt: '2026-01-05T10:55:00.000Z' }]);
    const byHost = await t().http().get('/api/np').set('Host', 'caribbeanpraise.example');
    expect(byHost.body.nowPlaying.title).toBe('Praise Breakfast');
    const wz = await np();
    expect(wz.body.nowPlaying).toMatchObject({ title: OFF_AIR_TITLE, artist: TENANT_NAMES.watzhott });
    expect(wz.body.history).toEqual([]);
  });

  it('answers history newest first, at most 20, as {title, artist, playedAt}', async () => {
    await resetTenant('watzhott');
    const base = Date.parse('2026-01-05T08:00:00Z');
    for (let i = 0; i < 25; i++) {
      await t()
        .db('np_history')
        .insert({ tenant: 'watzhott', title: `Song ${i}`, artist: `Artist ${i}`, art: 'https://media.example.com/a.png', played_at: new Date(base + i * 180_000).toISOString() });
    }
    const res = await np();
    expect(res.body.history).toHaveLength(NP_HISTORY_MAX);
    expect(NP_HISTORY_MAX).toBe(20);
    expect(res.body.history[0]).toEqual({ title: 'Song 24', artist: 'Artist 24', playedAt: new Date(base + 24 * 180_000).toISOString() });
    expect(res.body.history.map((h: { title: string }) => h.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Song ${24 - i}`));
    const times = res.body.history.map((h: { playedAt: string }) => Date.parse(h.playedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records history and keeps only the newest 20 per tenant', async () => {
    await resetTenant('watzhott');
    await resetTenant('caribbean');
    const repo = nowPlayingRepository(t().db);
    await repo.record('caribbean', { title: 'Other tenant', artist: 'X', art: null }, Date.parse('2026-01-05T07:00:00Z'));
    for (let i = 0; i < 23; i++) {
      await repo.record('watzhott', { title: `Track ${i}`, artist: 'Band', art: null }, Date.parse('2026-01-05T08:00:00Z') + i * 1000);
    }
    const rows = await t().db('np_history').where({ tenant: 'watzhott' });
    expect(rows).toHaveLength(20);
    expect(await t().db('np_history').where({ tenant: 'caribbean' })).toHaveLength(1);
    const res = await np();
    expect(res.body.history[0].title).toBe('Track 22');
    expect(res.body.history.at(-1).title).toBe('Track 3');
  });

  it('answers admins uncached and refuses a wrong key', async () => {
    const admin = await t().http().get('/api/np').set('x-admin-key', ADMIN_KEY).set('X-Forwarded-For', freshAddress());
    expect(admin.status).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    const wrong = await t().http().get('/api/np').set('x-admin-key', 'nope').set('X-Forwarded-For', freshAddress());
    expect(wrong.status).toBe(401);
  });
});
