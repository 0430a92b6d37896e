import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { ADMIN_KEY, createTestApp, describeEachEngine, freshAddress, type TestApp } from '../test/test-app';
import { ADMIN_EARLY_CSP_SOURCE } from '../../app/lib/admin-early/admin-early.script';
import { FIRST_TAP_CSP_SOURCE } from '../../app/lib/player/first-tap/first-tap.script';
import { START_AFTER_PAINT_CSP_SOURCE } from '../../app/lib/start-after-paint/start-after-paint.script';

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-app-'));
fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');

const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(name + ' ')) ?? '';

describeEachEngine(
  'Content-Security-Policy and the HLS video',
  (t) => {
    async function setHls(tenant: 'watzhott' | 'caribbean', vdoPanelHls: string) {
      const q = tenant === 'caribbean' ? '?tenant=caribbean' : '';
      const current = (await t().http().get(`/api/settings${q}`).set('x-admin-key', ADMIN_KEY)).body;
      const { tenant: _t, ...settings } = current;
      const res = await t()
        .http()
        .put(`/api/settings${q}`)
        .set('x-admin-key', ADMIN_KEY)
        .send({ ...settings, streamUrl: settings.streamUrl || 'https://radio.example/live', radioHtmlEmbed: settings.radioHtmlEmbed || '<p>radio</p>', vdoPanelHls });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const csp = async () => String((await t().http().get('/watch').set('X-Forwarded-For', freshAddress())).headers['content-security-policy']);

    it('fetches stay on our own origin while no HLS URL is set', async () => {
      expect(directive(await csp(), 'connect-src')).toBe("connect-src 'self'");
    });

    it("lets the configured HLS origin (only its origin) load the playlist and segments, for every tenant's shell", async () => {
      await setHls('watzhott', 'https://video.example.com:8443/live/stream.m3u8?token=x');
      await setHls('caribbean', 'http://praise-video.example/hls/index.m3u8');
      const c = await csp();
      expect(directive(c, 'connect-src')).toBe("connect-src 'self' http://praise-video.example https://video.example.com:8443");
      // Our own scripts and the three inline ones, each by its hash: the server page's first tap
      // and its start after the first frame, the shell's admin questions.
      expect(directive(c, 'script-src')).toBe(`script-src 'self' ${FIRST_TAP_CSP_SOURCE} ${START_AFTER_PAINT_CSP_SOURCE} ${ADMIN_EARLY_CSP_SOURCE}`);
      // A same-origin path needs nothing more than 'self'; a cleared URL drops its origin at once.
      await setHls('watzhott', '');
      await setHls('caribbean', '');
      expect(directive(await csp(), 'connect-src')).toBe("connect-src 'self'");
    });
  },
  { appDir },
);

// docs/api.md "Behind a reverse proxy": HSTS exactly when PUBLIC_URL is https.
describe('Strict-Transport-Security', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (overrides: Partial<Config>) => {
    const app = await createTestApp('sqlite', { appDir, ...overrides });
    apps.push(app);
    return app;
  };
  // One after another: the second /api/settings is then the kept answer, sent before Koa runs.
  const answers = async (app: TestApp) => {
    const sent: { what: string; hsts: unknown }[] = [];
    for (const [method, path] of [['get', '/watch'], ['get', '/api/settings'], ['get', '/api/settings'], ['get', '/api/no-such-route'], ['post', '/api/admin/sign-out']] as const) {
      const res = await app.http()[method](path).set('X-Forwarded-For', freshAddress());
      sent.push({ what: `${res.status} ${method} ${path}`, hsts: res.headers['strict-transport-security'] });
    }
    return sent;
  };

  it('is sent on every answer, pages, API, kept answers and errors alike, when PUBLIC_URL is https', async () => {
    const app = await start({ publicUrl: 'https://radio.example', publicAnswerTtlMs: 60_000 });
    for (const { what, hsts } of await answers(app)) expect(hsts, what).toBe(`max-age=${365 * 24 * 60 * 60}`);
  });

  it('is never sent when PUBLIC_URL is http or unset', async () => {
    for (const publicUrl of ['http://localhost:4999', null]) {
      const app = await start({ publicUrl });
      for (const { what, hsts } of await answers(app)) expect(hsts, `${publicUrl} ${what}`).toBeUndefined();
    }
  });
});
