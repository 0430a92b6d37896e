import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../test/test-app';
import { FIRST_TAP_CSP_SOURCE } from '../../app/lib/player/first-tap/first-tap.script';

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
      // Our own scripts and the server page's one inline script, by its hash (app/lib/player/first-tap/first-tap.script.ts).
      expect(directive(c, 'script-src')).toBe(`script-src 'self' ${FIRST_TAP_CSP_SOURCE}`);
      // A same-origin path needs nothing more than 'self'; a cleared URL drops its origin at once.
      await setHls('watzhott', '');
      await setHls('caribbean', '');
      expect(directive(await csp(), 'connect-src')).toBe("connect-src 'self'");
    });
  },
  { appDir },
);
