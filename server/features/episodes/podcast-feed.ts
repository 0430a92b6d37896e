import { XMLBuilder } from 'fast-xml-parser';
import mime from 'mime-types';
import { v5 as uuidv5 } from 'uuid';
import type { Episode } from '../../../domain/episodes';
import type { Tenant } from '../../../domain/tenants';

/** docs/api.md, The feed: at most this many items, newest first. */
export const FEED_MAX_ITEMS = 300;
/** The Podcast Index's namespace for podcast:guid (Podcasting 2.0, the guid tag). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

const CATEGORY: Record<Tenant, { text: string; sub?: string }> = {
  caribbean: { text: 'Religion & Spirituality', sub: 'Christianity' },
  watzhott: { text: 'Music' },
};

export interface FeedInput {
  tenant: Tenant;
  /** The origin every URL in the feed is made absolute against (PUBLIC_URL or the request's). */
  origin: string;
  /** The feed's own URL (for podcast:guid and atom:link), absolute. */
  feedUrl: string;
  title: string;
  description: string;
  /** The square artwork (≥ 1400 px), absolute. */
  imageUrl: string;
  donateUrl: string;
  /** Published episodes, newest first. */
  episodes: readonly Episode[];
  showTitles: ReadonlyMap<string, string>;
}

/** podcast:guid: a UUID v5 of the feed URL without its scheme and trailing slashes (Podcasting 2.0). */
export function podcastGuid(feedUrl: string): string {
  return uuidv5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}

const absolute = (origin: string, url: string) => new URL(url, origin + '/').href;
const typeOf = (url: string) => mime.lookup(url.split('?')[0] ?? url) || 'audio/mpeg';

/**
 * The RSS 2.0 document of docs/api.md "The feed", with the itunes and podcast namespaces,
 * written by fast-xml-parser's builder (which escapes every text and attribute).
 */
export function buildPodcastFeed(input: FeedInput): string {
  const category = CATEGORY[input.tenant];
  const items = input.episodes.slice(0, FEED_MAX_ITEMS).map((e) => {
    const show = e.showId ? input.showTitles.get(e.showId) : undefined;
    const item: Record<string, unknown> = {
      title: e.title,
      description: e.description || (show ? `${show}: ${e.title}` : e.title),
      guid: { '@_isPermaLink': 'false', '#text': e.id },
      pubDate: new Date(e.publishedAt ?? e.createdAt).toUTCString(),
      enclosure: { '@_url': absolute(input.origin, e.audioUrl), '@_length': String(e.bytes), '@_type': typeOf(e.audioUrl) },
      'itunes:duration': String(Math.round(e.durationSeconds)),
      'itunes:explicit': 'false',
    };
    if (e.imageUrl) item['itunes:image'] = { '@_href': absolute(input.origin, e.imageUrl) };
    if (e.lowDataUrl && e.lowDataBytes) {
      const bitrate = e.durationSeconds > 0 ? Math.round((e.lowDataBytes * 8) / e.durationSeconds) : 0;
      item['podcast:alternateEnclosure'] = {
        '@_type': typeOf(e.lowDataUrl),
        '@_length': String(e.lowDataBytes),
        '@_bitrate': String(bitrate),
        '@_title': 'Low data',
        'podcast:source': { '@_uri': absolute(input.origin, e.lowDataUrl) },
      };
    }
    return item;
  });

  const channel: Record<string, unknown> = {
    'atom:link': { '@_href': input.feedUrl, '@_rel': 'self', '@_type': 'application/rss+xml' },
    title: input.title,
    link: input.origin + '/episodes',
    description: input.description,
    language: 'en',
    'itunes:author': input.title,
    'itunes:image': { '@_href': input.imageUrl },
    'itunes:category': category.sub ? { '@_text': category.text, 'itunes:category': { '@_text': category.sub } } : { '@_text': category.text },
    'itunes:explicit': 'false',
    'itunes:type': 'episodic',
    'podcast:guid': podcastGuid(input.feedUrl),
  };
  if (input.donateUrl) channel['podcast:funding'] = { '@_url': absolute(input.origin, input.donateUrl), '#text': 'Support the station' };
  channel.item = items;

  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', format: true, suppressEmptyNode: true });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
      '@_xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel,
    },
  }) as string;
}
