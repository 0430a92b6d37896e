import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appCsp, inlineScriptHashes } from './security-headers';
import { ADMIN_KEY, describeEachEngine, freshAddress } from '../test/test-app';

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
      expect(directive(c, 'script-src')).toBe("script-src 'self'");
      // A same-origin path needs nothing more than 'self'; a cleared URL drops its origin at once.
      await setHls('watzhott', '');
      await setHls('caribbean', '');
      expect(directive(await csp(), 'connect-src')).toBe("connect-src 'self'");
    });
  },
  { appDir },
);

describe('inline scripts of the app page', () => {
  it('gives each inline script its hash and skips scripts loaded from a file', () => {
    const html = '<head><script>alert(1)</script><script type="module" crossorigin src="/assets/index.js"></script></head>';
    // The SHA-256 of "alert(1)", base64, as the CSP spec computes a hash source.
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    expect(inlineScriptHashes('<title>app</title>')).toEqual([]);
  });

  it("puts only those hashes beside 'self' in script-src, never 'unsafe-inline'", () => {
    const csp = appCsp([], ["'sha256-abc='"]);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(appCsp([]), 'script-src')).toBe("script-src 'self'");
  });
});

const pageWithScript = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-app-script-'));
fs.writeFileSync(path.join(pageWithScript, 'index.html'), '<!doctype html><title>app</title><script>alert(1)</script>');

describeEachEngine(
  'Content-Security-Policy of an app page with an inline script',
  (t) => {
    it('allows that script by its hash on every page of the app, and no other inline script', async () => {
      for (const page of ['/', '/schedule', '/artists?tenant=caribbean']) {
        const res = await t().http().get(page).set('X-Forwarded-For', freshAddress());
        expect(res.status, page).toBe(200);
        expect(directive(String(res.headers['content-security-policy']), 'script-src'), page).toBe(
          "script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
        );
      }
    });
  },
  { appDir: pageWithScript },
);
