import type { Weekday } from './catalog';
import { minutesOf, type Show } from './shows';

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

/** An airing with its end: the first minute whose wall clock reaches the show's endTime. */
export interface TimedAiring<S> extends Airing<S> {
  endsAtMs: number;
}

const DAY_MINUTES = 24 * 60;
/** The day after a 'YYYY-MM-DD' date (calendar arithmetic, no zone involved). */
const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
/** How long a show runs by its wall clock, in minutes; one ending at or before its start runs past midnight. */
const nominalMinutes = (show: Pick<Show, 'startTime' | 'endTime'>): number => {
  const length = (minutesOf(show.endTime) - minutesOf(show.startTime) + DAY_MINUTES) % DAY_MINUTES;
  return length === 0 ? DAY_MINUTES : length;
};

/**
 * When an airing that started at `startsAtMs` on local `date` ends: the first minute at or past
 * the show's endTime on the day it ends (the same date, or the next for a show past midnight).
 * Usually the nominal length later; on a day the clocks change, an hour either way, so only
 * the two hours around the nominal end are walked.
 */
function endOf(show: Pick<Show, 'startTime' | 'endTime'>, date: string, startsAtMs: number, timeZone: string): number {
  const end = minutesOf(show.endTime);
  const endDate = end > minutesOf(show.startTime) ? date : nextDate(date);
  const reached = (m: LocalMinute) => m.date > endDate || (m.date === endDate && m.minutes >= end);
  const nominal = startsAtMs + nominalMinutes(show) * MINUTE_MS;
  let minute = Math.max(startsAtMs + MINUTE_MS, nominal - 60 * MINUTE_MS);
  for (; minute <= nominal + 60 * MINUTE_MS; minute += MINUTE_MS) if (reached(localMinute(minute, timeZone))) return minute;
  return nominal;
}

/**
 * The airings on air at `nowMs`: started at or before it and not yet ended, the shows' days,
 * startTime and endTime read in `timeZone` (docs/recorder.md). A show whose end is at or before
 * its start runs past midnight into the next day; the key is the one `airingsBetween` gives (a
 * start the clocks repeat is one airing, its first occurrence).
 */
export function airingsOnAir<S extends Pick<Show, 'startTime' | 'endTime' | 'days'>>(shows: readonly S[], nowMs: number, timeZone: string): TimedAiring<S>[] {
  if (shows.length === 0) return [];
  // An airing on air now started within its own length (plus a clock change) before now.
  const lookBackMs = (Math.max(...shows.map(nominalMinutes)) + 61) * MINUTE_MS;
  const seen = new Set<string>();
  const out: TimedAiring<S>[] = [];
  for (const airing of airingsBetween(shows, nowMs - lookBackMs, nowMs, timeZone)) {
    const id = `${shows.indexOf(airing.show)} ${airing.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const endsAtMs = endOf(airing.show, airing.key.slice(0, 10), airing.startsAtMs, timeZone);
    if (endsAtMs > nowMs) out.push({ ...airing, endsAtMs });
  }
  return out;
}
