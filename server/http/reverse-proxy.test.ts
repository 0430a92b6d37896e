import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { createPasskey, signInWith, type SoftPasskey } from '../test/soft-authenticator';
import { direct, freePort, portTaken, startProxy, viaProxy, type Answer, type ProxyKind, type RequestOptions, type ReverseProxy } from '../test/reverse-proxy';
import { ADMIN_KEY, createTestApp, type TestApp } from '../test/test-app';

// docs/deploy.md and docs/api.md "Behind a reverse proxy": TLS ends at a real caddy or nginx
// (configured as docs/deploy.md says), the server listens on plain http behind it.

const YEAR_S = 365 * 24 * 60 * 60;
/** The client's own address; the proxy (and so the app's socket peer) is 127.0.0.1. */
const CLIENT = '127.0.0.2';
const SIGN_IN_OPTIONS = 'POST /api/admin/passkeys/sign-in/options';

const setCookies = (res: Answer) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => c.startsWith('radio_admin='));
/** The session cookie's attributes, lower-cased, without its value. */
const flagsOf = (cookie: string) => cookie.split(';').slice(1).map((a) => a.trim().toLowerCase());
const cookieValue = (res: Answer) => setCookies(res)[0]!.split(';')[0]!;

type Send = (pathname: string, o?: RequestOptions) => Promise<Answer>;

/** Joins with an invite and signs in with the passkey, through `send`, as a browser at `origin`. */
async function joinAndSignIn(send: Send, origin: string, options: { forwardedFor?: string } = {}) {
  const invite = await send('/api/admin/invites', { headers: { 'x-admin-key': ADMIN_KEY }, body: { name: 'Proxy Owner', role: 'owner' } });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  const token = new URL(invite.body.url as string).searchParams.get('token')!;
  const regOptions = await send('/api/admin/passkeys/register/options', { body: { token } });
  expect(regOptions.status, JSON.stringify(regOptions.body)).toBe(200);
  const { response, passkey } = createPasskey(regOptions.body.options, origin);
  const joined = await send('/api/admin/passkeys/register/verify', { body: { ceremonyId: regOptions.body.ceremonyId, response } });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  const signedIn = await signIn(send, passkey, origin, options);
  return { joined, signedIn, passkey };
}

async function signIn(send: Send, passkey: SoftPasskey, origin: string, options: { forwardedFor?: string } = {}) {
  const forged: Record<string, string> = options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {};
  const signInOptions = await send('/api/admin/passkeys/sign-in/options', { method: 'POST', headers: forged });
  expect(signInOptions.status, JSON.stringify(signInOptions.body)).toBe(200);
  const response = signInWith(passkey, signInOptions.body.options, origin);
  const signedIn = await send('/api/admin/passkeys/sign-in/verify', { headers: forged, body: { ceremonyId: signInOptions.body.ceremonyId, response } });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn;
}

/** The client addresses the rate limits counted sign-in options under. */
async function rateLimitedAddresses(app: TestApp): Promise<string[]> {
  const rows = (await app.db('rate_counters').select('bucket')) as { bucket: string }[];
  return rows.map((r) => r.bucket).filter((b) => b.startsWith(SIGN_IN_OPTIONS + '|')).map((b) => b.slice(SIGN_IN_OPTIONS.length + 1));
}

/** An app on 127.0.0.1 and `kind` in front of it; PUBLIC_URL (when `https`) is the proxy's origin. */
function behindProxy(kind: ProxyKind, config: (proxyOrigin: string) => Partial<Config>) {
  const state: { app?: TestApp; proxy?: ReverseProxy } = {};
  beforeAll(async () => {
    // The app's PUBLIC_URL names the proxy's port, so a port taken meanwhile means both again.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      state.app = await createTestApp('sqlite', config(`https://localhost:${port}`));
      try {
        state.proxy = await startProxy(kind, port, Number(new URL(state.app.url).port));
        return;
      } catch (err) {
        await state.app.close();
        state.app = undefined;
        if (attempt === 3 || !portTaken(err)) throw err;
      }
    }
  }, 60_000);
  afterAll(async () => {
    await state.proxy?.close();
    await state.app?.close();
  });
  return {
    app: () => state.app!,
    proxy: () => state.proxy!,
    send: ((pathname, o) => viaProxy(state.proxy!, pathname, o)) as Send,
  };
}

describe.each(['caddy', 'nginx'] as const)('behind %s ending TLS', (kind) => {
  describe('PUBLIC_URL https and TRUST_PROXY the proxy (docs/deploy.md)', () => {
    const t = behindProxy(kind, (origin) => ({ publicUrl: origin, trustProxy: ['127.0.0.1'] }));

    it('signs in with a passkey; the session cookie is Secure, HttpOnly, SameSite=Strict; HSTS on every answer; the rate limits see the client', async () => {
      // The client also sends its own X-Forwarded-For: the proxy's word about it is what counts.
      const { joined, signedIn } = await joinAndSignIn(t.send, t.proxy().origin, { forwardedFor: '203.0.113.9' });
      for (const res of [joined, signedIn]) {
        const [cookie] = setCookies(res);
        expect(flagsOf(cookie!)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
        expect(res.headers['strict-transport-security']).toBe(`max-age=${YEAR_S}`);
      }
      expect(await rateLimitedAddresses(t.app())).toEqual([CLIENT]);

      const session = { Cookie: cookieValue(signedIn), 'x-admin-session': '1', Origin: t.proxy().origin };
      const me = await t.send('/api/admin/me', { headers: session });
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body).toMatchObject({ name: 'Proxy Owner', via: 'passkey' });
      const health = await t.send('/api/health');
      expect(health.headers['strict-transport-security']).toBe(`max-age=${YEAR_S}`);

      // Signing out clears the cookie with the same flags.
      const out = await t.send('/api/admin/sign-out', { method: 'POST', headers: session });
      expect(out.status, JSON.stringify(out.body)).toBe(204);
      expect(flagsOf(setCookies(out)[0]!)).toEqual(expect.arrayContaining(['secure', 'httponly']));
    });
  });

  describe('PUBLIC_URL https and TRUST_PROXY off (the default)', () => {
    const t = behindProxy(kind, (origin) => ({ publicUrl: origin, trustProxy: false }));

    it('still sends the cookie Secure and HSTS; the rate limits then see the proxy', async () => {
      const { joined, signedIn } = await joinAndSignIn(t.send, t.proxy().origin);
      for (const res of [joined, signedIn]) {
        expect(flagsOf(setCookies(res)[0]!)).toContain('secure');
        expect(res.headers['strict-transport-security']).toBe(`max-age=${YEAR_S}`);
      }
      expect(await rateLimitedAddresses(t.app())).toEqual(['127.0.0.1']);
    });
  });
});

describe('TRUST_PROXY 127.0.0.1 without PUBLIC_URL: forwarded headers count only from the listed proxy', () => {
  const t = behindProxy('caddy', () => ({ publicUrl: null, trustProxy: ['127.0.0.1'] }));
  const forged = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' };

  it('a direct peer (127.0.0.2, not listed) is not believed: its own address, host and http', async () => {
    const appUrl = t.app().url;
    const origin = `http://localhost:${new URL(appUrl).port}`;
    const send: Send = (pathname, o = {}) => direct(appUrl, pathname, { ...o, headers: { ...forged, ...o.headers } });
    const options = await send('/api/admin/passkeys/sign-in/options', { method: 'POST' });
    expect(options.body.options.rpId).toBe('localhost');
    // Registration checks the browser's origin against ours: http://localhost:<port>, not the forged one.
    const { joined, signedIn } = await joinAndSignIn(send, origin);
    for (const res of [joined, signedIn]) {
      expect(flagsOf(setCookies(res)[0]!)).not.toContain('secure');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(await rateLimitedAddresses(t.app())).toEqual([CLIENT]);
  });

  it('the listed proxy is: https and the browser\'s host, so the cookie is Secure', async () => {
    const { signedIn } = await joinAndSignIn(t.send, t.proxy().origin);
    expect(flagsOf(setCookies(signedIn)[0]!)).toContain('secure');
    // No PUBLIC_URL: no HSTS, as the server cannot know the site is https-only.
    expect(signedIn.headers['strict-transport-security']).toBeUndefined();
  });
});
