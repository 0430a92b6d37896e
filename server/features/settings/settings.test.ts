import { expect, it } from 'vitest';
import { expectIssues } from '../../test/api-requests';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../../test/test-app';

const CARIBBEAN = '?tenant=caribbean';

/** A whole, valid settings object as the admin screen sends it. */
function validSettings(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    displayName: 'Watzhott Live',
    logoUrl: 'https://media.example.com/logo.png',
    streamUrl: 'https://stream.example.com/live',
    lowDataStreamUrl: 'https://stream.example.com/live-32k',
    radioHtmlEmbed: '<iframe src="https://player.example.com/embed"></iframe>',
    defaultCountry: 'JM',
    nowPlayingEmbed: '<div>np</div>',
    recentlyPlayedEmbed: '<div>rp</div>',
    npJsonUrl: '',
    vdoPanelIframe: 'https://video.example.com/panel',
    vdoPanelHls: 'https://video.example.com/live.m3u8',
    chatweeEmbed: '',
    ga4Id: 'G-TEST123',
    communityUrl: 'https://community.example.com',
    shopUrl: '',
    donateUrl: 'https://give.example.com',
    sponsorUrl: '',
    artistFormEmbed: '',
    timeZone: 'America/Jamaica',
    enableReactions: false,
    enablePrayerWall: true,
    enableShoutouts: false,
    enableLowData: false,
    liveRelay: false,
    enableChat: true,
    chatSlowModeSeconds: 5,
    chatWordList: 'badword',
    enableRequests: false,
    adMode: 'embed',
    adZones: { leaderboardEmbed: '<b>lb</b>', sidebarEmbed: '', infeedEmbed: '<i>in</i>' },
    ...overrides,
  };
}

const OPTIONAL_URLS = ['lowDataStreamUrl', 'npJsonUrl', 'vdoPanelIframe', 'vdoPanelHls', 'communityUrl', 'shopUrl', 'donateUrl', 'sponsorUrl'];

describeEachEngine('settings', (t) => {
  const get = (query = '') => t().http().get(`/api/settings${query}`).set('X-Forwarded-For', freshAddress());
  const put = (body: unknown, query = '', key: string | null = ADMIN_KEY) => {
    const req = t().http().put(`/api/settings${query}`).set('X-Forwarded-For', freshAddress());
    if (key !== null) req.set('x-admin-key', key);
    return req.send(body as object);
  };
  const storedRow = async (tenant: string) =>
    (await t().db('settings').where({ tenant }).first()) as { data: string } | undefined;

  it('applies docs/product.md#states-and-transitions defaults and names the tenant (watzhott)', async () => {
    await t().db('settings').where({ tenant: 'watzhott' }).delete();
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tenant: 'watzhott',
      defaultCountry: 'GY',
      enableReactions: true,
      enableShoutouts: true,
      enableLowData: true,
      enablePrayerWall: false,
      adMode: 'hybrid',
      timeZone: 'America/Guyana',
      adZones: { leaderboardEmbed: '', sidebarEmbed: '', infeedEmbed: '' },
    });
    expect(typeof res.body.displayName).toBe('string');
    expect(res.body.displayName.length).toBeGreaterThan(0);
    // Every public field is there (npJsonUrl is the server's own: see below).
    for (const field of [
      'displayName', 'logoUrl', 'streamUrl', 'radioHtmlEmbed', 'defaultCountry', 'nowPlayingEmbed', 'recentlyPlayedEmbed',
      'vdoPanelIframe', 'vdoPanelHls', 'chatweeEmbed', 'ga4Id', 'communityUrl', 'shopUrl', 'donateUrl',
      'sponsorUrl', 'enableReactions', 'enablePrayerWall', 'enableShoutouts', 'enableLowData', 'adMode', 'adZones',
    ]) {
      expect(res.body).toHaveProperty(field);
    }
  });

  it('leaves the server-only npJsonUrl out of the visitor answer; admins see every field', async () => {
    const secret = 'https://np.example/api/nowplaying/1?token=SECRET';
    expect((await put({ ...validSettings(), npJsonUrl: secret })).status).toBe(200);
    const visitor = await get();
    expect(visitor.status).toBe(200);
    expect(visitor.body).not.toHaveProperty('npJsonUrl');
    expect(visitor.text).not.toContain('SECRET');
    const admin = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(admin.body.npJsonUrl).toBe(secret);
    await t().db('settings').where({ tenant: 'watzhott' }).delete();
  });

  it('turns the prayer wall on by default only for caribbean, by query or by Host', async () => {
    await t().db('settings').where({ tenant: 'caribbean' }).delete();
    const byQuery = await get(CARIBBEAN);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ tenant: 'caribbean', enablePrayerWall: true, defaultCountry: 'GY', adMode: 'hybrid', timeZone: 'America/Guyana' });
    const byHost = await t().http().get('/api/settings').set('Host', 'radio.caribbeanpraise.test');
    expect(byHost.status).toBe(200);
    expect(byHost.body).toMatchObject({ tenant: 'caribbean', enablePrayerWall: true });
    const other = await t().http().get('/api/settings?tenant=somethingelse');
    expect(other.body).toMatchObject({ tenant: 'watzhott', enablePrayerWall: false });
  });

  it('fills gaps in stored (older or partial) settings with the defaults', async () => {
    await t()
      .db('settings')
      .insert({ tenant: 'watzhott', data: JSON.stringify({ displayName: 'Old Name', enableReactions: false, enableLowData: 'yes', adZones: { sidebarEmbed: '<x>', infeedEmbed: 5, junk: 'y' } }), updated_at: new Date().toISOString() })
      .onConflict('tenant')
      .merge(['data', 'updated_at']);
    const res = await get();
    expect(res.body).toMatchObject({
      displayName: 'Old Name',
      enableReactions: false,
      enableShoutouts: true,
      enableLowData: true,
      defaultCountry: 'GY',
      timeZone: 'America/Guyana',
      adMode: 'hybrid',
    });
    expect(res.body.adZones).toEqual({ leaderboardEmbed: '', sidebarEmbed: '<x>', infeedEmbed: '' });
    await t().db('settings').where({ tenant: 'watzhott' }).update({ data: 'not json' });
    const corrupt = await get();
    expect(corrupt.status).toBe(200);
    expect(corrupt.body).toMatchObject({ tenant: 'watzhott', defaultCountry: 'GY', adMode: 'hybrid' });
    await t().db('settings').where({ tenant: 'watzhott' }).delete();
  });

  it('answers 401 to a GET with a wrong key (the admin key check) and 200 with the right one', async () => {
    const wrong = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'not-the-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid admin key' });
    const right = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(right.status).toBe(200);
    expect(right.body.tenant).toBe('watzhott');
  });

  it('sends no-cache to visitors and no-store to admins, with an ETag that answers 304', async () => {
    const visitor = await get();
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const etag = visitor.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t().http().get('/api/settings').set('If-None-Match', etag!);
    expect(again.status).toBe(304);
    const admin = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    expect(admin.status).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('saves the whole object for an admin, answers the saved settings and serves them afterwards', async () => {
    const body = validSettings();
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, tenant: 'watzhott' });
    const after = await get();
    const { npJsonUrl: _serverOnly, chatWordList: _heldBy, ...visible } = body;
    expect(after.body).toEqual({ ...visible, tenant: 'watzhott' });
  });

  it('trims text and fills optional fields left out with their defaults', async () => {
    const body = validSettings({ displayName: '  Spaced Out  ', streamUrl: ' https://stream.example.com/a ' });
    for (const k of ['lowDataStreamUrl', 'npJsonUrl', 'chatweeEmbed', 'artistFormEmbed', 'timeZone', 'adZones', 'ga4Id']) delete body[k];
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Spaced Out',
      streamUrl: 'https://stream.example.com/a',
      lowDataStreamUrl: '',
      npJsonUrl: '',
      timeZone: 'America/Guyana',
      adZones: { leaderboardEmbed: '', sidebarEmbed: '', infeedEmbed: '' },
    });
  });

  it('scopes settings per tenant: a PUT on caribbean leaves watzhott alone', async () => {
    const wz = await put(validSettings({ displayName: 'Watzhott Here' }));
    expect(wz.status).toBe(200);
    const cpr = await put(validSettings({ displayName: 'Praise Here', defaultCountry: 'TT' }), CARIBBEAN);
    expect(cpr.status).toBe(200);
    expect(cpr.body).toMatchObject({ tenant: 'caribbean', displayName: 'Praise Here', defaultCountry: 'TT' });
    const watzhott = await get();
    expect(watzhott.body).toMatchObject({ tenant: 'watzhott', displayName: 'Watzhott Here', defaultCountry: 'JM' });
    const caribbean = await get(CARIBBEAN);
    expect(caribbean.body).toMatchObject({ tenant: 'caribbean', displayName: 'Praise Here' });
  });

  it('lets only an admin PUT: 401 with the key missing or wrong, and nothing is stored', async () => {
    await t().db('settings').where({ tenant: 'caribbean' }).delete();
    const missing = await put(validSettings(), CARIBBEAN, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Invalid admin key' });
    const wrong = await put(validSettings(), CARIBBEAN, 'wrong-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid admin key' });
    expect(await storedRow('caribbean')).toBeUndefined();
  });

  it.each([
    ['displayName', '   ', 'Display name is required'],
    ['displayName', undefined, 'Display name is required'],
    ['displayName', 42, 'Display name is required'],
    ['logoUrl', 'not a url', 'Valid logo URL is required'],
    ['logoUrl', 'javascript:alert(1)', 'Valid logo URL is required'],
    ['logoUrl', '', 'Valid logo URL is required'],
    ['logoUrl', undefined, 'Valid logo URL is required'],
    ['streamUrl', 'ftp://stream.example.com', 'Valid stream URL is required'],
    ['streamUrl', '', 'Valid stream URL is required'],
    ['streamUrl', undefined, 'Valid stream URL is required'],
    ['radioHtmlEmbed', '  ', 'Radio HTML embed is required'],
    ['radioHtmlEmbed', undefined, 'Radio HTML embed is required'],
    ['defaultCountry', '', 'Default country is required'],
    ['defaultCountry', 'US', 'Default country is required'],
    ['defaultCountry', undefined, 'Default country is required'],
  ])('refuses %s = %j with the docs/product.md#validation-messages message', async (field, value, message) => {
    const before = await storedRow('watzhott');
    const body = validSettings({ [field]: value });
    if (value === undefined) delete body[field];
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.issues).toEqual([{ path: field, message }]);
    expect(await storedRow('watzhott')).toEqual(before);
  });

  it('reports every broken required field at once', async () => {
    const res = await put(validSettings({ displayName: '', logoUrl: 'x', streamUrl: 'y', radioHtmlEmbed: '', defaultCountry: '' }));
    expectIssues(res, [
      { path: 'displayName', message: 'Display name is required' },
      { path: 'logoUrl', message: 'Valid logo URL is required' },
      { path: 'streamUrl', message: 'Valid stream URL is required' },
      { path: 'radioHtmlEmbed', message: 'Radio HTML embed is required' },
      { path: 'defaultCountry', message: 'Default country is required' },
    ]);
  });

  it.each(OPTIONAL_URLS)('accepts an empty %s and refuses a javascript: one', async (field) => {
    const empty = await put(validSettings({ [field]: '' }));
    expect(empty.status).toBe(200);
    expect(empty.body[field]).toBe('');
    const ok = await put(validSettings({ [field]: 'https://ok.example.com/x' }));
    expect(ok.status).toBe(200);
    expect(ok.body[field]).toBe('https://ok.example.com/x');
    const evil = await put(validSettings({ [field]: 'javascript:alert(1)' }));
    expect(evil.status).toBe(400);
    expect(evil.body.issues).toEqual([{ path: field, message: expect.any(String) }]);
    const stored = JSON.parse((await storedRow('watzhott'))!.data) as Record<string, unknown>;
    expect(stored[field]).toBe('https://ok.example.com/x');
  });

  it('takes liveRelay as on or off, off when a client that predates it leaves it out', async () => {
    const bad = await put(validSettings({ liveRelay: 'yes' }));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'liveRelay', message: 'Live relay must be on or off' }]);
    const older = validSettings();
    delete older.liveRelay;
    const res = await put(older);
    expect(res.status).toBe(200);
    expect(res.body.liveRelay).toBe(false);
    expect((await put(validSettings({ liveRelay: true }))).body.liveRelay).toBe(true);
    expect((await get()).body.liveRelay).toBe(true);
    // Relayed, the stream is fetched by the server: the outbound rules apply to it.
    const metadata = await put(validSettings({ liveRelay: true, streamUrl: 'http://169.254.169.254/latest/stream' }));
    expect(metadata.status).toBe(400);
    expect(metadata.body.issues.map((i: { path: string }) => i.path)).toEqual(['streamUrl']);
    expect((await put(validSettings({ liveRelay: false, streamUrl: 'http://169.254.169.254/latest/stream' }))).status).toBe(200);
  });

  it('refuses non-boolean toggles, an unknown ad mode and an unknown time zone', async () => {
    for (const toggle of ['enableReactions', 'enablePrayerWall', 'enableShoutouts', 'enableLowData']) {
      const res = await put(validSettings({ [toggle]: 'yes' }));
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([toggle]);
      const missing = validSettings();
      delete missing[toggle];
      const res2 = await put(missing);
      expect(res2.status).toBe(400);
      expect(res2.body.issues).toEqual([{ path: toggle, message: expect.not.stringMatching(/Invalid key/) }]);
    }
    const adMode = await put(validSettings({ adMode: 'popup' }));
    expect(adMode.status).toBe(400);
    expect(adMode.body.issues.map((i: { path: string }) => i.path)).toEqual(['adMode']);
    const zone = await put(validSettings({ timeZone: 'Mars/Olympus_Mons' }));
    expect(zone.status).toBe(400);
    expect(zone.body.issues).toEqual([{ path: 'timeZone', message: 'Valid time zone is required' }]);
  });

  it('drops unknown fields: not answered, not stored', async () => {
    const res = await put(
      validSettings({
        evil: '<script>',
        tenant: 'caribbean',
        isAdmin: true,
        adZones: { leaderboardEmbed: '', sidebarEmbed: '', infeedEmbed: '', popunderEmbed: 'x' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.tenant).toBe('watzhott');
    expect(res.body).not.toHaveProperty('evil');
    expect(res.body).not.toHaveProperty('isAdmin');
    expect(res.body.adZones).not.toHaveProperty('popunderEmbed');
    const stored = JSON.parse((await storedRow('watzhott'))!.data) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('evil');
    expect(stored).not.toHaveProperty('isAdmin');
    expect(stored).not.toHaveProperty('tenant');
    expect(stored.adZones).not.toHaveProperty('popunderEmbed');
    // The caribbean tenant named in the body was not touched either.
    const caribbean = await storedRow('caribbean');
    if (caribbean) expect(JSON.parse(caribbean.data)).not.toHaveProperty('evil');
  });

  it('accepts back what GET answered (the admin screen PUTs current settings merged with edits)', async () => {
    await put(validSettings());
    const current = await t().http().get('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY);
    const res = await put({ ...current.body, displayName: 'Edited' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...current.body, displayName: 'Edited' });
  });

  it('refuses bodies that are not a JSON object', async () => {
    const notJson = await t().http().put('/api/settings').set('x-admin-key', ADMIN_KEY).set('Content-Type', 'text/plain').send('hello');
    expect(notJson.status).toBe(415);
    const malformed = await t().http().put('/api/settings').set('x-admin-key', ADMIN_KEY).set('Content-Type', 'application/json').send('{"displayName":');
    expect(malformed.status).toBe(400);
    const array = await put([validSettings()]);
    expect(array.status).toBe(400);
    const empty = await t().http().put('/api/settings').set('x-admin-key', ADMIN_KEY);
    expect(empty.status).toBe(400);
  });
});

// docs/api.md, Requests the server makes: npJsonUrl is fetched by the server and its answer
// shown on the public /api/np, so addresses on the server's own machine or network are
// refused unless UPSTREAM_ALLOW_PRIVATE=on, and link-local/metadata ones always.
for (const allowPrivate of [false, true]) {
  describeEachEngine(
    `settings: npJsonUrl's address, UPSTREAM_ALLOW_PRIVATE=${allowPrivate ? 'on' : 'off'}`,
    (t) => {
      const put = (body: unknown) => t().http().put('/api/settings').set('X-Forwarded-For', freshAddress()).set('x-admin-key', ADMIN_KEY).send(body as object);
      const storedNp = async () => (JSON.parse(((await t().db('settings').where({ tenant: 'watzhott' }).first()) as { data: string }).data) as { npJsonUrl: string }).npJsonUrl;

      const local = ['http://127.0.0.1:4899/a', 'http://[::1]/a', 'http://2130706433/a', 'http://localhost:8000/status-json.xsl', 'http://192.168.1.20:8000/stats?json=1'];
      it.each(local)(allowPrivate ? 'accepts %s' : 'refuses %s, saying how to allow it', async (url) => {
        expect((await put(validSettings({ npJsonUrl: 'https://radio.example.org/api/nowplaying/1' }))).status).toBe(200);
        const res = await put(validSettings({ npJsonUrl: url }));
        if (allowPrivate) {
          expect(res.status).toBe(200);
          expect(await storedNp()).toBe(url);
        } else {
          expect(res.status).toBe(400);
          expect(res.body.issues).toEqual([{ path: 'npJsonUrl', message: expect.stringContaining('UPSTREAM_ALLOW_PRIVATE=on') }]);
          expect(res.body.error).toBe(res.body.issues[0].message);
          expect(await storedNp()).toBe('https://radio.example.org/api/nowplaying/1');
        }
      });

      it.each(['http://169.254.169.254/latest/meta-data/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://[fe80::1]/a'])('refuses %s always', async (url) => {
        const res = await put(validSettings({ npJsonUrl: url }));
        expect(res.status).toBe(400);
        expect(res.body.issues).toEqual([{ path: 'npJsonUrl', message: expect.stringMatching(/never fetches it/) }]);
      });

      it('leaves streamUrl alone: the listener\'s browser fetches it, not the server', async () => {
        expect((await put(validSettings({ streamUrl: 'http://127.0.0.1:8000/live' }))).status).toBe(200);
      });

      it('applies the outbound rules to streamUrl once the server relays it (liveRelay on)', async () => {
        const res = await put(validSettings({ streamUrl: 'http://127.0.0.1:8000/live', liveRelay: true }));
        expect(res.status).toBe(allowPrivate ? 200 : 400);
        if (!allowPrivate) expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['streamUrl']);
      });
    },
    { upstreamAllowPrivate: allowPrivate },
  );
}
