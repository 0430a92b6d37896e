import { expect, it } from 'vitest';
import { embedVersion } from '../../../domain/embeds';
import { defaultSettings } from '../../../domain/settings';
import { saveSettings } from '../../db/settings-store';
import { describeEachEngine } from '../../test/test-app';

describeEachEngine('embeds', (t) => {
  it('serves the tenant’s admin HTML under its own sandboxing policy', async () => {
    const settings = {
      ...defaultSettings('caribbean'),
      adMode: 'hybrid' as const,
      streamUrl: 'https://stream.example/live',
      radioHtmlEmbed: '<script>document.write("radio widget")</script>',
      adZones: { leaderboardEmbed: '<div id="zone">ad</div>', sidebarEmbed: '', infeedEmbed: '' },
    };
    await saveSettings(t().db, 'caribbean', settings, Date.now());

    const res = await t().http().get('/embed/radio?tenant=caribbean');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<script>document.write("radio widget")</script>');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");

    const ad = await t().http().get('/embed/ad-leaderboard?tenant=caribbean');
    expect(ad.text).toContain('<div id="zone">ad</div>');

    // Tenant scoped: watzhott has no radio embed.
    const other = await t().http().get('/embed/radio');
    expect(other.text).not.toContain('radio widget');
  });

  it('is immutable under the fingerprint of the current HTML, revalidated under any other', async () => {
    const html = '<p>station widget v1</p>';
    await saveSettings(t().db, 'caribbean', { ...defaultSettings('caribbean'), adMode: 'hybrid' as const, nowPlayingEmbed: html }, Date.now());
    const current = await t().http().get(`/embed/now-playing?tenant=caribbean&v=${embedVersion(html)}`);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.text).toContain(html);
    for (const v of ['', embedVersion('<p>station widget v0</p>'), 'nonsense']) {
      const stale = await t().http().get(`/embed/now-playing?tenant=caribbean&v=${v}`);
      expect(stale.headers['cache-control'], v).toBe('no-cache');
      expect(stale.text).toContain(html);
    }
  });

  it('answers 404 for an unknown embed', async () => {
    const res = await t().http().get('/embed/../../etc/passwd');
    expect(res.status).toBe(404);
    const unknown = await t().http().get('/embed/admin-key');
    expect(unknown.status).toBe(404);
  });
});
