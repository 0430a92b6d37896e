import { describe, expect, it } from 'vitest';
import { LIVE_LADDER } from '../../../domain/live';
import { CAN_SKIP_UNTIL_S, masterPlaylist, mediaPlaylist } from './live.playlists';
import type { LiveSegment } from './live.repository';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const seg = (seq: number, disc = 0, startedMs = T0 + seq * 4000): LiveSegment => ({
  rendition: 'low',
  seq,
  disc,
  name: `low-0badf00d-${seq}.ts`,
  duration: 4.0,
  startedMs,
  bytes: 14_000,
});

describe('live playlists', () => {
  it('names every rung with its bandwidth and codec, the lowest at most 32 kbps, carrying the tenant', () => {
    const text = masterPlaylist('tenant=caribbean');
    const infs = text.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(infs).toHaveLength(LIVE_LADDER.length);
    expect(infs.length).toBeGreaterThanOrEqual(3);
    for (const inf of infs) expect(inf).toMatch(/BANDWIDTH=\d+.*CODECS="mp4a\.40\.2"/);
    expect(Math.min(...LIVE_LADDER.map((r) => r.bandwidth))).toBeLessThanOrEqual(32_000);
    expect(text).toContain('low.m3u8?tenant=caribbean');
  });

  it('puts the date-time on every segment and a discontinuity where the source dropped', () => {
    const text = mediaPlaylist([seg(5), seg(6), seg(7, 1, T0 + 60_000), seg(8, 1, T0 + 64_000)], { query: '', skip: false });
    const lines = text.trim().split('\n');
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:5');
    expect(lines).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))).toHaveLength(4);
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    const at = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(lines[at + 1]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${new Date(T0 + 60_000).toISOString()}`);
    expect(lines[at + 3]).toBe('low-0badf00d-7.ts');
    expect(text).not.toContain('#EXT-X-ENDLIST');
  });

  it('answers a delta update with the last minute only, counting what it skipped', () => {
    const all = Array.from({ length: 1800 }, (_, i) => seg(i));
    const full = mediaPlaylist(all, { query: '', skip: false });
    const delta = mediaPlaylist(all, { query: '', skip: true });
    const kept = delta.split('\n').filter((l) => l.endsWith('.ts'));
    expect(kept.length).toBe(CAN_SKIP_UNTIL_S / 4);
    expect(delta).toContain(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${1800 - kept.length}`);
    expect(kept.at(-1)).toBe('low-0badf00d-1799.ts');
    expect(delta.length * 20).toBeLessThan(full.length);
  });
});
