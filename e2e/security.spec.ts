import type { APIRequestContext } from '@playwright/test';
import { ADMIN_KEY, caribbean, expect, test } from './fixtures';

/**
 * Admin-pasted HTML runs its own scripts, yet from an opaque origin: it cannot read the app's
 * DOM, cookies, storage (where the admin key lives) or the top page's address.
 */

const admin = { 'x-admin-key': ADMIN_KEY };

async function readSettings(request: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await request.get(caribbean('/api/settings'), { headers: admin });
  expect(res.status()).toBe(200);
  const { tenant: _tenant, ...settings } = (await res.json()) as Record<string, unknown>;
  return settings;
}

async function writeSettings(request: APIRequestContext, settings: Record<string, unknown>): Promise<void> {
  const res = await request.put(caribbean('/api/settings'), { headers: admin, data: settings });
  expect(res.status(), await res.text()).toBe(200);
}

function hostileEmbed(marker: string): string {
  return `<div id="marker">waiting</div>
<script>
  var got = {};
  function probe(name, read) {
    try { got[name] = 'read:' + String(read()); }
    catch (e) { got[name] = 'blocked:' + (e && e.name); }
  }
  probe('parentDocument', function () { return parent.document.body.innerHTML.length; });
  probe('topDocument', function () { return window.top.document.title; });
  probe('topHref', function () { return window.top.location.href; });
  probe('parentSessionStorage', function () { return parent.sessionStorage.getItem('adminKey'); });
  probe('cookie', function () { return document.cookie; });
  probe('localStorage', function () { return localStorage.getItem('adminKey'); });
  probe('sessionStorage', function () { return sessionStorage.getItem('adminKey'); });
  probe('origin', function () { return window.origin; });
  document.getElementById('marker').textContent = ${JSON.stringify(marker)};
  parent.postMessage({ securityProbe: got }, '*');
</script>`;
}

test.describe('embeds are isolated from the app', () => {
  test('an embed script runs, but cannot reach the app DOM, cookies, storage or the admin key', async ({ page, request }) => {
    const original = await readSettings(request);
    const marker = `EMBED-RAN-${Date.now().toString(36)}`;
    try {
      await writeSettings(request, { ...original, radioHtmlEmbed: hostileEmbed(marker) });
      // Listen before anything loads, and keep an admin key in the app's own storage.
      await page.addInitScript(() => {
        if (window.top !== window) return; // only the app's page, not the frames
        document.cookie = 'session=app-cookie-secret; path=/';
        const w = window as unknown as { __probes: unknown[] };
        w.__probes = [];
        window.addEventListener('message', (e) => {
          const data = e.data as { securityProbe?: unknown } | null;
          if (data && typeof data === 'object' && 'securityProbe' in data) w.__probes.push({ origin: e.origin, got: data.securityProbe });
        });
        sessionStorage.setItem('adminKey', 'x');
        localStorage.setItem('adminKey', 'x');
      });
      await page.goto(caribbean('/'));
      // The station's player is made once its place comes near view (docs/performance.md).
      await page.getByRole('heading', { name: 'Station Player' }).scrollIntoViewIfNeeded();

      const frameEl = page.locator('iframe[src*="/embed/radio"]');
      await expect(frameEl).toHaveCount(1, { timeout: 10_000 });
      const sandbox = (await frameEl.getAttribute('sandbox')) ?? '';
      expect(sandbox).toContain('allow-scripts');
      expect(sandbox).not.toContain('allow-same-origin');
      expect(await frameEl.getAttribute('src')).toContain('tenant=caribbean');

      // The script ran: its marker is in its own document.
      await expect(page.frameLocator('iframe[src*="/embed/radio"]').locator('#marker')).toHaveText(marker);

      await expect.poll(() => page.evaluate(() => (window as unknown as { __probes: unknown[] }).__probes.length)).toBeGreaterThan(0);
      const [probe] = (await page.evaluate(() => (window as unknown as { __probes: unknown[] }).__probes)) as {
        origin: string;
        got: Record<string, string>;
      }[];
      // The message comes from an opaque origin, not the app's.
      expect(probe!.origin).toBe('null');
      const got = probe!.got;
      for (const key of ['parentDocument', 'topDocument', 'topHref', 'parentSessionStorage', 'cookie', 'localStorage', 'sessionStorage']) {
        expect(got[key], `${key}: ${got[key]}`).toMatch(/^blocked:SecurityError$/);
      }
      expect(got.origin).toBe('read:null');
      expect(JSON.stringify(got)).not.toContain('app-cookie-secret');

      // The app itself still holds its key: the embed just could not see it.
      expect(await page.evaluate(() => sessionStorage.getItem('adminKey'))).toBe('x');

      // The embed's own answer carries a sandboxing policy, in case it is opened directly.
      const embed = await request.get(caribbean('/embed/radio'));
      const embedCsp = embed.headers()['content-security-policy'] ?? '';
      expect(embedCsp).toMatch(/sandbox allow-scripts/);
      expect(embedCsp).not.toMatch(/allow-same-origin/);
      expect(await embed.text()).toContain(marker);
    } finally {
      await writeSettings(request, original);
    }
  });

  test("the app's HTML answer carries a strict Content-Security-Policy", async ({ request }) => {
    for (const path of [caribbean('/'), '/', '/artists', caribbean('/admin')]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toMatch(/text\/html/);
      const csp = res.headers()['content-security-policy'] ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const [name, ...values] = d.split(/\s+/);
            return [name!, values] as const;
          }),
      );
      // Our own scripts, and three inline ones by their hashes: the server page's first tap (issue
      // 29) and its start after the first frame (issue 43), the shell's early admin questions
      // (app/lib/admin-early/).
      const scripts = directives.get('script-src') ?? [];
      expect(scripts[0], `${path}: ${csp}`).toBe("'self'");
      expect(scripts.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s)) && scripts.length <= 4, `${path}: ${csp}`).toBe(true);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      const ancestors = directives.get('frame-ancestors');
      expect(ancestors).toBeDefined();
      expect(ancestors).not.toContain('*');
    }
  });
});
