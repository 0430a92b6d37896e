import { describe, expect, it } from 'vitest';
import { dateAtTime, nativeLadder, timeAtDate, type TimedFragment } from './live-ladder';

// The relay writes each segment's date-time from its wall clock in whole milliseconds and its
// duration to three decimals (server/features/live/live.playlists.ts), so consecutive fragments
// can leave a seam of a millisecond or two; the source dropping leaves a real gap.
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const fragments: TimedFragment[] = [
  { start: 0, duration: 4.011, programDateTime: T0 },
  { start: 4.011, duration: 3.989, programDateTime: T0 + 4_013 },
  { start: 8, duration: 4, programDateTime: T0 + 8_002 },
  // The source dropped for 20 s here.
  { start: 12, duration: 4, programDateTime: T0 + 32_002 },
];

describe('the ladder clock', () => {
  it('gives the date-time of a media time inside a fragment', () => {
    expect(dateAtTime(fragments, 1)).toBe(T0 + 1_000);
    expect(dateAtTime(fragments, 13)).toBe(T0 + 33_002);
  });

  it('gives the date-time of a stalled element a little past the last listed fragment, not past that', () => {
    expect(dateAtTime(fragments, 16.2)).toBeCloseTo(T0 + 36_202);
    expect(dateAtTime(fragments, 17)).toBeNull();
    expect(dateAtTime([], 1)).toBeNull();
  });

  it('finds a date-time that falls in the seam between two fragments (where a stall stops)', () => {
    // The end of the first fragment by its own clock: T0 + 4011, before the second's T0 + 4013.
    const end = dateAtTime(fragments, 4.011 - 1e-9)!;
    const time = timeAtDate(fragments, end);
    expect(time).not.toBeNull();
    expect(time!).toBeCloseTo(4.011, 2);
    expect(timeAtDate(fragments, T0 + 4_012)).toBeCloseTo(4.011, 3);
  });

  it('resumes a date-time inside a gap at the gap end, and the edge for one past it', () => {
    expect(timeAtDate(fragments, T0 + 20_000)).toBe(12);
    expect(timeAtDate(fragments, T0 + 60_000)).toBe(16);
  });

  it('is null for a date-time older than the window', () => {
    expect(timeAtDate(fragments, T0 - 1)).toBeNull();
  });

  it('maps a date-time and back', () => {
    for (const t of [0.5, 4.5, 9, 14]) expect(timeAtDate(fragments, dateAtTime(fragments, t)!)).toBeCloseTo(t, 6);
  });
});

// Safari plays the master playlist itself (no Safari on this machine): the ladder's clock then
// comes from the element's getStartDate() and its seekable range, as Apple documents them.
describe("Safari's own HLS", () => {
  function safariElement(startMs: number | null, seekable: [number, number] | null) {
    const attrs = new Map<string, string>();
    const el = {
      src: '',
      loads: 0,
      getStartDate: () => new Date(startMs ?? Number.NaN),
      seekable: { length: seekable ? 1 : 0, start: () => seekable![0], end: () => seekable![1] },
      removeAttribute: (name: string) => attrs.delete(name),
      load() {
        this.loads += 1;
      },
    };
    return el;
  }

  it('plays the master playlist and maps media time to the program date-time and back', () => {
    const el = safariElement(T0, [7_000, 7_200]);
    const ladder = nativeLadder(el as unknown as HTMLMediaElement, '/live/master.m3u8');
    expect(el.src).toBe('/live/master.m3u8');
    expect(ladder.dateAt(7_100)).toBe(T0 + 7_100_000);
    expect(ladder.timeOf(T0 + 7_050_500)).toBeCloseTo(7_050.5, 6);
    expect(ladder.range()).toEqual({ start: 7_000, live: 7_200 });
    expect(ladder.level()).toBe(-1);
  });

  it('knows nothing before the element has a start date or a seekable range', () => {
    const ladder = nativeLadder(safariElement(null, null) as unknown as HTMLMediaElement, '/live/master.m3u8');
    expect(ladder.dateAt(1)).toBeNull();
    expect(ladder.timeOf(T0)).toBeNull();
    expect(ladder.range()).toBeNull();
  });

  it('lets go of the stream when destroyed', () => {
    const el = safariElement(T0, [0, 10]);
    nativeLadder(el as unknown as HTMLMediaElement, '/live/master.m3u8').destroy();
    expect(el.loads).toBe(1);
  });
});
