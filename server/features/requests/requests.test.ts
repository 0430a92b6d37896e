import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_REQUESTS, REQUEST_MESSAGES } from '../../../domain/requests';
import type { Tenant } from '../../../domain/tenants';
import { demoSettings } from '../../db/seeds/demo';
import { saveSettings } from '../../db/settings-store';
import { listenLocally } from '../../test/listen-locally';
import { ADMIN_KEY, describeEachEngine, freshAddress, type TestApp } from '../../test/test-app';

const TEN_MINUTES = 10 * 60 * 1000;

async function setRequests(t: TestApp, tenant: Tenant, more: { enableRequests?: boolean; npJsonUrl?: string; chatWordList?: string } = {}) {
  await saveSettings(t.db, tenant, { ...demoSettings(tenant), enableRequests: true, npJsonUrl: '', chatWordList: '', ...more }, t.clock.now);
}

async function addTrack(t: TestApp, title: string, artist: string, status = 'approved'): Promise<string> {
  const artistId = randomUUID();
  const trackId = randomUUID();
  const at = new Date(t.clock.now).toISOString();
  await t.db('artists').insert({ id: artistId, name: artist, bio: 'b', country_code: 'GY', approved: true, created_at: at });
  await t.db('tracks').insert({ id: trackId, artist_id: artistId, title, genre: 'gospel', file_url: '/uploads/x.mp3', status, created_at: at });
  return trackId;
}

const listener = () => ({ device: randomUUID(), address: freshAddress() });

describeEachEngine('song requests: our own queue', (t) => {
  const q = (tenant: Tenant) => `?tenant=${tenant}`;
  const send = (tenant: Tenant, body: object, who = listener(), key?: string) => {
    const req = t().http().post(`/api/requests${q(tenant)}`).set('X-Forwarded-For', who.address).set('X-Device-Id', who.device);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const openList = (tenant: Tenant) => t().http().get(`/api/admin/requests${q(tenant)}`).set('x-admin-key', ADMIN_KEY);

  it('is closed while enableRequests is off', async () => {
    await setRequests(t(), 'caribbean', { enableRequests: false });
    expect((await t().http().get(`/api/requests/songs${q('caribbean')}`)).status).toBe(404);
    const res = await send('caribbean', { title: 'Amazing Grace', artist: 'Choir' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(REQUEST_MESSAGES.off);
  });

  it('lists approved tracks, searchable, and never a pending one', async () => {
    await setRequests(t(), 'watzhott');
    const id = await addTrack(t(), 'Soca Sunrise', 'Machel Test');
    await addTrack(t(), 'Soca Secret', 'Pending Artist', 'pending');
    const all = await t().http().get(`/api/requests/songs${q('watzhott')}&q=soca`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([{ id, title: 'Soca Sunrise', artist: 'Machel Test' }]);
    const byArtist = await t().http().get(`/api/requests/songs${q('watzhott')}&q=machel`);
    expect(byArtist.body.map((s: { id: string }) => s.id)).toEqual([id]);
  });

  it('takes a track or another song with a dedication; moderators see them oldest first, without address or device', async () => {
    await setRequests(t(), 'watzhott');
    const trackId = await addTrack(t(), 'Island Hymn', 'Linden Choir');
    const first = await send('watzhott', { songId: trackId, name: 'Maya', for: 'Grandma', message: 'Happy birthday!' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), status: 'received' });
    t().clock.advance(1000);
    const second = await send('watzhott', { title: 'Typed Tune', artist: 'Someone' });
    expect(second.status).toBe(201);
    expect((await t().http().get(`/api/admin/requests${q('watzhott')}`)).status).toBe(401);
    const list = await openList('watzhott');
    expect(list.status).toBe(200);
    const ours = list.body.filter((r: { id: string }) => r.id === first.body.id || r.id === second.body.id);
    expect(ours).toMatchObject([
      { id: first.body.id, title: 'Island Hymn', artist: 'Linden Choir', name: 'Maya', for: 'Grandma', message: 'Happy birthday!', status: 'received' },
      { id: second.body.id, title: 'Typed Tune', artist: 'Someone', name: '', for: '', status: 'received' },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/address|device/i);
  });

  it('refuses an unknown or unapproved track, no song at all, and a message over 140', async () => {
    await setRequests(t(), 'watzhott');
    const pending = await addTrack(t(), 'Not Yet', 'New Artist', 'pending');
    expect((await send('watzhott', { songId: pending })).status).toBe(422);
    const none = await send('watzhott', { name: 'Maya' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(REQUEST_MESSAGES.song);
    const long = await send('watzhott', { title: 'A', artist: 'B', message: 'x'.repeat(141) });
    expect(long.status).toBe(400);
    expect((await send('watzhott', { title: 'A', artist: 'B', message: 'x'.repeat(140) })).status).toBe(201);
    const noDevice = await t().http().post(`/api/requests${q('watzhott')}`).set('X-Forwarded-For', freshAddress()).send({ title: 'A', artist: 'B' });
    expect(noDevice.status).toBe(400);
  });

  it('allows one request per device per 10 minutes, and a generous number per address', async () => {
    await setRequests(t(), 'watzhott');
    const me = listener();
    expect((await send('watzhott', { title: 'One', artist: 'A' }, me)).status).toBe(201);
    const again = await send('watzhott', { title: 'Two', artist: 'A' }, me);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe(REQUEST_MESSAGES.tooSoon);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(500);
    // The same phone on another network is still the same listener.
    expect((await send('watzhott', { title: 'Two', artist: 'A' }, { ...me, address: freshAddress() })).status).toBe(429);
    t().clock.advance(TEN_MINUTES + 1000);
    expect((await send('watzhott', { title: 'Two', artist: 'A' }, me)).status).toBe(201);

    // One carrier address: ten phones are fine, the eleventh waits.
    const nat = freshAddress();
    for (let i = 0; i < 10; i++) expect((await send('watzhott', { title: `N${i}`, artist: 'A' }, { device: randomUUID(), address: nat })).status).toBe(201);
    const eleventh = await send('watzhott', { title: 'N10', artist: 'A' }, { device: randomUUID(), address: nat });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toBe(REQUEST_MESSAGES.addressBusy);
  });

  it('refuses a dedication with a word of the word list, saying why', async () => {
    await setRequests(t(), 'watzhott', { chatWordList: 'rude\nvery bad' });
    const res = await send('watzhott', { title: 'A', artist: 'B', for: 'my Rude neighbour' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(REQUEST_MESSAGES.word);
    expect((await send('watzhott', { title: 'A', artist: 'B', message: 'such a very bad day' })).status).toBe(422);
    // A whole word only: 'prudent' carries 'rude' but is not it.
    expect((await send('watzhott', { title: 'A', artist: 'B', message: 'a prudent choice' })).status).toBe(201);
  });

  it('holds at most 200 open requests per tenant', async () => {
    await setRequests(t(), 'caribbean');
    const open = Number((await t().db('song_requests').where({ tenant: 'caribbean', status: 'received' }).count({ n: '*' }).first())?.n);
    const at = new Date(t().clock.now - TEN_MINUTES * 2).toISOString();
    const rows = Array.from({ length: MAX_OPEN_REQUESTS - open }, (_, i) => ({
      id: randomUUID(), tenant: 'caribbean', song_id: null, title: `S${i}`, artist: 'A', name: '', for_whom: '', message: '',
      device_id: randomUUID(), address: `192.0.2.${i % 250}`, status: 'received', azuracast_request_id: null, created_at: at, played_at: null,
    }));
    for (let i = 0; i < rows.length; i += 50) await t().db('song_requests').insert(rows.slice(i, i + 50));
    const full = await send('caribbean', { title: 'One more', artist: 'A' });
    expect(full.status).toBe(429);
    expect(full.body.error).toBe(REQUEST_MESSAGES.full);
    const first = (await openList('caribbean')).body[0];
    expect((await t().http().patch(`/api/admin/requests/${first.id}${q('caribbean')}`).set('x-admin-key', ADMIN_KEY).send({ status: 'skipped' })).status).toBe(200);
    expect((await send('caribbean', { title: 'One more', artist: 'A' })).status).toBe(201);
  });

  it('honours Idempotency-Key: a retry gets the first answer and stores nothing more', async () => {
    await setRequests(t(), 'watzhott');
    const me = listener();
    const key = randomUUID();
    const a = await send('watzhott', { title: 'Once', artist: 'Only' }, me, key);
    const b = await send('watzhott', { title: 'Once', artist: 'Only' }, me, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(Number((await t().db('song_requests').where({ device_id: me.device }).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it("shows a device its own requests; 'Played' puts the requester beside now playing", async () => {
    await setRequests(t(), 'caribbean');
    await t().db('song_requests').where({ tenant: 'caribbean' }).update({ status: 'skipped' });
    const me = listener();
    const created = await send('caribbean', { title: 'Grandma Hymn', artist: 'Choir', name: 'Maya', for: 'Grandma' }, me);
    const mine = await t().http().get(`/api/requests/mine${q('caribbean')}`).set('X-Device-Id', me.device);
    expect(mine.body).toMatchObject([{ id: created.body.id, status: 'received', for: 'Grandma' }]);
    expect((await t().http().get(`/api/requests/mine${q('caribbean')}`).set('X-Device-Id', randomUUID())).body).toEqual([]);
    expect((await t().http().get(`/api/requests/mine${q('caribbean')}`)).status).toBe(400);

    expect((await t().http().get(`/api/np${q('caribbean')}`)).body.request).toBeNull();
    const played = await t().http().patch(`/api/admin/requests/${created.body.id}${q('caribbean')}`).set('x-admin-key', ADMIN_KEY).send({ status: 'played' });
    expect(played.status).toBe(200);
    expect(played.body.status).toBe('played');
    expect((await t().http().get(`/api/np${q('caribbean')}`)).body.request).toEqual({ name: 'Maya', for: 'Grandma' });
    expect((await t().http().get(`/api/requests/mine${q('caribbean')}`).set('X-Device-Id', me.device)).body[0].status).toBe('played');
    expect((await openList('caribbean')).body.map((r: { id: string }) => r.id)).not.toContain(created.body.id);
    // A song lasts minutes, not the hour.
    t().clock.advance(10 * 60 * 1000);
    expect((await t().http().get(`/api/np${q('caribbean')}`)).body.request).toBeNull();
    expect((await t().http().patch(`/api/admin/requests/${randomUUID()}${q('caribbean')}`).set('x-admin-key', ADMIN_KEY).send({ status: 'played' })).status).toBe(404);
    expect((await t().http().patch(`/api/admin/requests/${created.body.id}${q('caribbean')}`).set('x-admin-key', ADMIN_KEY).send({ status: 'maybe' })).status).toBe(400);
  });
});

/** A stand-in AzuraCast: station 1 takes requests, station 2 does not. */
function standInAzuraCast() {
  const seen = { lists: 0, submits: [] as { id: string; forwardedFor: string | undefined }[] };
  let onAir = { title: 'Warm-up', artist: 'DJ' };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refusal = (message: string) => ({ code: 500, type: 'CannotCompleteActionException', message, formatted_message: message, extra_data: [], success: false });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && /^\/api\/nowplaying\/[12]$/.test(url)) {
      return json(res, 200, { station: { id: 1, name: 'Stand-in', requests_enabled: url.endsWith('/1') }, listeners: { current: 3 }, now_playing: { song: { ...onAir, text: `${onAir.artist} - ${onAir.title}` } }, song_history: [] });
    }
    if (req.method === 'GET' && url === '/api/station/1/requests') {
      seen.lists += 1;
      return json(res, 200, [
        { request_id: 'r-hymn', request_url: '/api/station/1/request/r-hymn', song: { id: 'x', text: 'Linden Choir - Island Hymn', artist: 'Linden Choir', title: 'Island Hymn' } },
        { request_id: 'r-soca', request_url: '/api/station/1/request/r-soca', song: { id: 'y', text: 'Kes - Soca Road', artist: 'Kes', title: 'Soca Road' } },
        { request_id: 'r-recent', request_url: '/api/station/1/request/r-recent', song: { id: 'z', text: 'Kes - Played Already', artist: 'Kes', title: 'Played Already' } },
      ]);
    }
    if (req.method === 'GET' && url === '/api/station/2/requests') return json(res, 403, { code: 403, message: 'This station does not support requests.', success: false });
    const submit = /^\/api\/station\/1\/request\/([^/]+)$/.exec(url);
    if (req.method === 'POST' && submit) {
      seen.submits.push({ id: submit[1]!, forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
      if (submit[1] === 'r-recent') return json(res, 500, refusal('Cannot submit request: This song or artist has been played too recently. Wait a while before requesting it again.'));
      if (seen.submits.filter((s) => s.forwardedFor === req.headers['x-forwarded-for']).length > 1) {
        return json(res, 500, refusal('Cannot submit request: You have submitted a request too recently! Please wait 5 minutes before submitting another one.'));
      }
      return json(res, 200, { success: true, message: 'Your request has been submitted and will be played soon.', formatted_message: 'Your request has been submitted and will be played soon.' });
    }
    json(res, 404, { code: 404, message: 'Record not found.', success: false });
  });
  return { server, seen, setOnAir: (song: { title: string; artist: string }) => (onAir = song) };
}

describe('song requests: an AzuraCast station', () => {
  const station = standInAzuraCast();
  let base = '';
  beforeAll(async () => {
    base = await listenLocally(station.server);
  });
  afterAll(async () => {
    station.server.closeAllConnections();
    await new Promise<void>((resolve) => station.server.close(() => resolve()));
  });

  describeEachEngine('azuracast', (t) => {
    const send = (body: object, who = listener()) =>
      t().http().post('/api/requests?tenant=watzhott').set('X-Forwarded-For', who.address).set('X-Device-Id', who.device).send(body);

    it('lists its requestable songs, asked at most once a minute, filtered by q', async () => {
      await setRequests(t(), 'watzhott', { npJsonUrl: `${base}/api/nowplaying/1` });
      const before = station.seen.lists;
      const all = await t().http().get('/api/requests/songs?tenant=watzhott');
      expect(all.status).toBe(200);
      expect(all.body).toEqual([
        { id: 'r-hymn', title: 'Island Hymn', artist: 'Linden Choir' },
        { id: 'r-soca', title: 'Soca Road', artist: 'Kes' },
        { id: 'r-recent', title: 'Played Already', artist: 'Kes' },
      ]);
      const kes = await t().http().get('/api/requests/songs?tenant=watzhott&q=kes');
      expect(kes.body.map((s: { id: string }) => s.id)).toEqual(['r-soca', 'r-recent']);
      expect(station.seen.lists - before).toBe(1);
      t().clock.advance(61_000);
      await t().http().get('/api/requests/songs?tenant=watzhott');
      expect(station.seen.lists - before).toBe(2);
    });

    it("sends a request on with the listener's address; our limit comes first; its refusal is shown as it says it", async () => {
      await setRequests(t(), 'watzhott', { npJsonUrl: `${base}/api/nowplaying/1` });
      const me = listener();
      const ok = await send({ songId: 'r-hymn', name: 'Maya', for: 'Grandma' }, me);
      expect(ok.status).toBe(201);
      expect(ok.body.status).toBe('received');
      expect(station.seen.submits.at(-1)).toEqual({ id: 'r-hymn', forwardedFor: me.address });
      // Our own per-listener limit answers before AzuraCast is asked.
      const submits = station.seen.submits.length;
      expect((await send({ songId: 'r-soca' }, me)).status).toBe(429);
      expect(station.seen.submits.length).toBe(submits);

      const refused = await send({ songId: 'r-recent' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('Cannot submit request: This song or artist has been played too recently. Wait a while before requesting it again.');
      // AzuraCast's own per-address limit (a listener whose address it has seen already).
      const other = listener();
      t().clock.advance(TEN_MINUTES + 1000);
      expect((await send({ songId: 'r-soca' }, { device: randomUUID(), address: other.address })).status).toBe(201);
      const tooRecent = await send({ songId: 'r-soca' }, { device: randomUUID(), address: other.address });
      expect(tooRecent.status).toBe(422);
      expect(tooRecent.body.error).toMatch(/^Cannot submit request: You have submitted a request too recently!/);
      // Only its own songs; a typed song is not one.
      expect((await send({ title: 'Typed', artist: 'Song' })).status).toBe(422);
      // Requests sent on are in AzuraCast's queue, not ours.
      const open = await t().http().get('/api/admin/requests?tenant=watzhott').set('x-admin-key', ADMIN_KEY);
      expect(open.body.map((r: { id: string }) => r.id)).not.toContain(ok.body.id);
    });

    it('names the requester on /api/np while the requested song is on air', async () => {
      station.setOnAir({ title: 'Warm-up', artist: 'DJ' });
      await setRequests(t(), 'caribbean', { npJsonUrl: `${base}/api/nowplaying/1` });
      expect((await send({ songId: 'r-hymn', name: 'Keisha', for: 'Mum' })).status).toBe(201);
      const sent = await t().http().post('/api/requests?tenant=caribbean').set('X-Forwarded-For', freshAddress()).set('X-Device-Id', randomUUID()).send({ songId: 'r-hymn', name: 'Keisha', for: 'Mum' });
      expect(sent.status).toBe(201);
      expect((await t().http().get('/api/np?tenant=caribbean')).body.request).toBeNull();
      station.setOnAir({ title: 'Island Hymn', artist: 'Linden Choir' });
      t().clock.advance(11_000);
      const np = await t().http().get('/api/np?tenant=caribbean');
      expect(np.body.nowPlaying.title).toBe('Island Hymn');
      expect(np.body.request).toEqual({ name: 'Keisha', for: 'Mum' });
    });

    it('uses our own list and queue when the station takes no requests', async () => {
      await setRequests(t(), 'caribbean', { npJsonUrl: `${base}/api/nowplaying/2` });
      const id = await addTrack(t(), 'Our Own Song', 'Local Band');
      const songs = await t().http().get('/api/requests/songs?tenant=caribbean&q=our own');
      expect(songs.body).toEqual([{ id, title: 'Our Own Song', artist: 'Local Band' }]);
      const created = await t().http().post('/api/requests?tenant=caribbean').set('X-Forwarded-For', freshAddress()).set('X-Device-Id', randomUUID()).send({ songId: id });
      expect(created.status).toBe(201);
      const open = await t().http().get('/api/admin/requests?tenant=caribbean').set('x-admin-key', ADMIN_KEY);
      expect(open.body.map((r: { id: string }) => r.id)).toContain(created.body.id);
    });
  });
});
