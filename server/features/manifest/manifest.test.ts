import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/test-app';

describeEachEngine('manifest', (t) => {
  it('installs watzhott with standalone display and maskable 192/512 icons', async () => {
    const res = await t().http().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = JSON.parse(res.text);
    expect(m).toMatchObject({ name: 'Watzhott Radio', display: 'standalone', scope: '/' });
    const maskable = m.icons.filter((i: { purpose: string }) => i.purpose.includes('maskable')).map((i: { sizes: string }) => i.sizes);
    expect(maskable).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('installs the caribbean tenant as Caribbean Praise Radio with its own id, colours and icons', async () => {
    const byParam = JSON.parse((await t().http().get('/manifest.webmanifest?tenant=caribbean')).text);
    expect(byParam).toMatchObject({ name: 'Caribbean Praise Radio', id: '/?tenant=caribbean', theme_color: '#6b2fa3' });
    expect(byParam.start_url).toContain('tenant=caribbean');
    expect(byParam.icons.every((i: { src: string }) => i.src.includes('caribbean'))).toBe(true);

    const byHost = JSON.parse((await t().http().get('/manifest.webmanifest').set('Host', 'caribbeanpraise.example')).text);
    expect(byHost).toMatchObject({ name: 'Caribbean Praise Radio', id: '/' });
    expect(byHost.start_url).not.toContain('tenant=');
  });
});
