import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Episode } from '../../../domain/episodes';
import { adminHeaders } from '../../test/api-requests';
import { mp3 } from '../../test/media-fixtures';
import { describeEachEngine, freshAddress } from '../../test/test-app';
import { podcastGuid } from './podcast-feed';

describeEachEngine('the podcast feed /podcast.xml (docs/api.md The feed)', (t) => {
  const visitor = () => ({ 'X-Forwarded-For': freshAddress() });

  async function episode(body: Record<string, unknown>, tenant = 'watzhott'): Promise<Episode> {
    const q = tenant === 'caribbean' ? '?tenant=caribbean' : '';
    const upload = await t().http().post(`/api/uploads${q}`).set(visitor()).attach('file', mp3(128, 400), { filename: 'a.mp3', contentType: 'audio/mpeg' });
    expect(upload.status).toBe(201);
    const res = await t().http().post(`/api/episodes${q}`).set(adminHeaders()).send({ audioUrl: upload.body.url, status: 'published', ...body });
    expect(res.status).toBe(201);
    return res.body as Episode;
  }

  const getFeed = (query = '') => t().http().get(`/podcast.xml${query}`).set(visitor()).buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (text += c));
    res.on('end', () => done(null, text));
  });

  it('parses with the Podcast Index parser: every published episode with its enclosure, duration and low-data alternate', async () => {
    const show = await t().http().post('/api/shows?tenant=caribbean').set(adminHeaders()).send({ title: 'Morning Word', startTime: '06:00', endTime: '08:00', days: ['Monday'] });
    const first = await episode({ title: 'Grace & Truth <part 1>', description: 'On "grace"', showId: show.body.id }, 'caribbean');
    t().clock.advance(60_000);
    const second = await episode({ title: 'Part 2' }, 'caribbean');
    t().clock.advance(60_000);
    await episode({ title: 'A draft', status: 'draft' }, 'caribbean');
    await episode({ title: 'Other tenant' }, 'watzhott');
    // The low-data rendition of the first, as the queue records it.
    await t().db('episodes').where({ id: first.id }).update({ low_data_url: '/uploads/11111111-2222-4333-8444-555555555555.m4a', low_data_bytes: 3000 });

    const res = await getFeed('?tenant=caribbean');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body as string;
    const feed = parseFeed(xml);
    expect(feed).not.toBeNull();
    expect(feed!.title).toBe('Caribbean Praise Radio');
    expect(feed!.language).toBe('en');
    expect(feed!.explicit).toBe(false);
    expect(feed!.categories).toEqual(expect.arrayContaining(['Religion & Spirituality', 'Christianity'].map((c) => expect.stringMatching(new RegExp(c.split(' ')[0]!, 'i')))));
    expect(feed!.items.map((i) => i.title)).toEqual(['Part 2', 'Grace & Truth <part 1>']);
    const [two, one] = feed!.items;
    expect(one!.guid).toBe(first.id);
    expect(one!.description).toBe('On "grace"');
    expect(one!.enclosure).toEqual({ url: `${t().url}${first.audioUrl}`, length: first.bytes, type: 'audio/mpeg' });
    expect(one!.duration).toBe(Math.round(first.durationSeconds));
    expect(one!.pubDate?.getTime()).toBe(Math.floor(Date.parse(first.publishedAt!) / 1000) * 1000); // RFC 2822: whole seconds
    expect(one!.alternativeEnclosures).toHaveLength(1);
    const alt = one!.alternativeEnclosures![0]!;
    expect(alt).toMatchObject({ type: 'audio/mp4', length: 3000, title: 'Low data' });
    expect(alt.source[0]!.uri).toBe(`${t().url}/uploads/11111111-2222-4333-8444-555555555555.m4a`);
    expect(two!.guid).toBe(second.id);
    expect(two!.alternativeEnclosures ?? []).toHaveLength(0);
    expect(feed!.guid).toBe(podcastGuid(`${t().url}/podcast.xml?tenant=caribbean`));

    // The shape api.md gives, read with a plain XML parser.
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(xml);
    const channel = doc.rss.channel;
    expect(doc.rss.version).toBe('2.0');
    expect(doc.rss['xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    expect(channel['itunes:explicit']).toBe('false');
    expect(channel.item[1].guid).toEqual({ '#text': first.id, isPermaLink: 'false' });
    expect(channel.item[1]['podcast:alternateEnclosure'].bitrate).toBe(String(Math.round((3000 * 8) / first.durationSeconds)));
    expect(new Date(channel.item[0].pubDate).toUTCString()).toBe(channel.item[0].pubDate);
    // Every URL absolute.
    for (const url of xml.match(/(?:url|href|uri)="([^"]+)"/g)!) expect(url).toMatch(/="https?:\/\//);
    // The artwork is a square of at least 1400 px.
    const art = await t().http().get(new URL(channel['itunes:image'].href).pathname + new URL(channel['itunes:image'].href).search).buffer(true);
    expect(art.status).toBe(200);
    const meta = await sharp(art.body as Buffer).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(1400);
    expect(meta.width).toBe(meta.height);
  });

  it('PUBLIC_URL is the origin of every URL; ETag and 304; funding when donateUrl is set', async () => {
    t().config.publicUrl = 'https://radio.example';
    try {
      await episode({ title: 'Ep' });
      const res = await getFeed();
      const xml = res.body as string;
      const feed = parseFeed(xml)!;
      expect(feed.items[0]!.enclosure.url).toMatch(/^https:\/\/radio\.example\/uploads\//);
      expect(feed.guid).toBe(podcastGuid('https://radio.example/podcast.xml'));
      const again = await t().http().get('/podcast.xml').set(visitor()).set('If-None-Match', res.headers.etag!);
      expect(again.status).toBe(304);
      expect(feed.podcastFunding ?? []).toHaveLength(0);
      const { tenant: _t, ...settings } = (await t().http().get('/api/settings').set(adminHeaders())).body;
      expect((await t().http().put('/api/settings').set(adminHeaders()).send({ ...settings, streamUrl: '/demo/stream', radioHtmlEmbed: '<p>on air</p>', donateUrl: 'https://give.example/radio' })).status).toBe(200);
      const funded = parseFeed((await getFeed()).body as string)!;
      expect(funded.podcastFunding?.[0]?.url).toBe('https://give.example/radio');
    } finally {
      t().config.publicUrl = null;
    }
  });

  it('enclosures are served with Range (206) and Accept-Ranges', async () => {
    const ep = await episode({ title: 'Ranged' });
    const part = await t().http().get(ep.audioUrl).set('Range', 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${ep.bytes}`);
  });
});
