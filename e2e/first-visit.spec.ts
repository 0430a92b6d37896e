import { caribbean, expect, test } from './fixtures';

// A first visit's answers come beside its scripts (docs/performance.md): the server names the
// page's chunks and data in a Link header, and each preload must be the very request the
// app then makes, or the browser fetches it twice and warns that the preload went unused.
// What is fetched does not depend on the screen's size: the phone project alone runs it.
test.skip(({ isMobile }) => !isMobile, 'network only; the phone project covers it');
for (const path of ['/', '/artists', '/schedule', '/sponsors/submit']) {
  for (const tenant of ['watzhott', 'caribbean'] as const) {
    test(`${path} on ${tenant}: every preload is used, and the settings are fetched once`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
      });
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.css')) asked.push(url.pathname + url.search);
      });
      const url = tenant === 'caribbean' ? caribbean(path) : path;
      const res = await page.goto(url);
      expect(res?.headers().link).toContain('rel=preload; as=fetch');
      await expect(page.locator('#main h1, #main h2').first()).toBeVisible();
      // Chromium warns of an unused preload a few seconds after the load event.
      await page.waitForTimeout(3500);
      expect(warnings).toEqual([]);
      const settings = tenant === 'caribbean' ? '/api/settings?tenant=caribbean' : '/api/settings';
      expect(asked.filter((a) => a === settings)).toHaveLength(1);
      expect(asked.filter((a) => a.endsWith('.css')).length).toBe(new Set(asked.filter((a) => a.endsWith('.css'))).size);
    });
  }
}
