import type { Weekday } from '../../../domain/catalog';
import { minutesOf, type Show } from '../../../domain/shows';

export interface Airing<S> {
  show: S;
  /** 'YYYY-MM-DDTHH:MM' in the tenant's zone: the date it airs and the show's startTime. */
  key: string;
  /** When the show starts (the first minute whose wall clock reaches its startTime). */
  startsAtMs: number;
}

interface LocalMinute {
  date: string;
  weekday: Weekday;
  minutes: number;
}

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function localMinute(ms: number, timeZone: string): LocalMinute {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday as Weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Airings of weekly shows that start after `fromMs` and at or before `toMs`, the shows' days
 * and startTime read in `timeZone`. The clock is walked a minute at a time, so a day on which
 * the clocks change is handled by the zone's own rules: a startTime that the clocks skip
 * (spring forward) airs at the first minute past the gap; one that happens twice (fall back)
 * is found twice with the same key, and the key is what a reminder is sent once for.
 */
export function airingsBetween<S extends Pick<Show, 'startTime' | 'days'>>(shows: readonly S[], fromMs: number, toMs: number, timeZone: string): Airing<S>[] {
  const out: Airing<S>[] = [];
  if (shows.length === 0) return out;
  let minute = Math.floor(fromMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  let previous = localMinute(minute - MINUTE_MS, timeZone);
  for (; minute <= toMs; minute += MINUTE_MS) {
    const here = localMinute(minute, timeZone);
    for (const show of shows) {
      if (!show.days.includes(here.weekday)) continue;
      const start = minutesOf(show.startTime);
      if (here.minutes < start) continue;
      // The first minute of the day at or past the start: the previous minute was before it
      // on the same date, or on the day before.
      if (previous.date === here.date && previous.minutes >= start) continue;
      out.push({ show, key: `${here.date}T${show.startTime}`, startsAtMs: minute });
    }
    previous = here;
  }
  return out;
}
