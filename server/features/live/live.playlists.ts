import { LIVE_LADDER, LIVE_SEGMENT_SECONDS } from '../../../domain/live';
import type { LiveSegment } from './live.repository';

/**
 * The HLS playlists the relay's segments make (RFC 8216 and its draft successor for delta
 * updates; docs/live-relay.md). Pure, so they are tested without a relay.
 */

/** AAC-LC (mp4a.40.2): every rung is LC, the shipped ffmpeg has no HE-AAC. */
const CODECS = 'mp4a.40.2';

/**
 * A delta update (`_HLS_skip=YES`) leaves out segments older than this from the live edge:
 * a 2-hour playlist is about 1,800 entries, too much to reload every few seconds on prepaid
 * data. The draft asks for at least six target durations.
 */
export const CAN_SKIP_UNTIL_S = 60;

/** `?tenant=` of the request, carried to every URI (relative URIs would lose it). */
export const withQuery = (uri: string, query: string) => (query ? `${uri}?${query}` : uri);

export function masterPlaylist(query: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of LIVE_LADDER) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${Math.round(r.kbps * 1000 * 1.1)},CODECS="${CODECS}"`);
    lines.push(withQuery(`${r.name}.m3u8`, query));
  }
  return lines.join('\n') + '\n';
}

export interface MediaPlaylistOptions {
  query: string;
  /** The client asked for a delta update (`_HLS_skip=YES`). */
  skip: boolean;
}

/**
 * A live media playlist over the given segments (oldest first, one rendition): the date-time
 * on every segment, a discontinuity where the source dropped and the relay started again.
 */
export function mediaPlaylist(segments: readonly LiveSegment[], { query, skip }: MediaPlaylistOptions): string {
  const first = segments[0];
  const target = Math.max(LIVE_SEGMENT_SECONDS, ...segments.map((s) => Math.round(s.duration)));
  const lines = [
    '#EXTM3U',
    // Version 9 for EXT-X-SKIP; older players ignore the server-control tag and reload whole.
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=${CAN_SKIP_UNTIL_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.seq ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.disc ?? 0}`,
  ];
  let from = 0;
  if (skip && segments.length > 0) {
    const edge = segments.reduce((sum, s) => sum + s.duration, 0);
    let kept = 0;
    from = segments.length;
    while (from > 0 && kept + segments[from - 1]!.duration <= CAN_SKIP_UNTIL_S && edge - kept > 0) {
      from -= 1;
      kept += segments[from]!.duration;
    }
    if (from > 0) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${from}`);
  }
  for (let i = from; i < segments.length; i += 1) {
    const s = segments[i]!;
    const previous = segments[i - 1];
    if (previous && previous.disc !== s.disc) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startedMs).toISOString()}`);
    lines.push(`#EXTINF:${s.duration.toFixed(3)},`);
    lines.push(withQuery(s.name, query));
  }
  return lines.join('\n') + '\n';
}
