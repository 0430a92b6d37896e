import { WEEKDAYS, type Weekday } from '../../../domain/catalog';
import type { Show } from '../../../domain/shows';

/**
 * Shows repeat weekly at HH:MM wall time in the tenant's zone; the listener sees them in
 * their own zone (docs/product.md "Time"). Dates are plain calendar dates 'YYYY-MM-DD' so the
 * arithmetic never depends on the zone of the machine running it. Intl only, no date library.
 */
export type PlainDate = string;

export type ShowTimes = Pick<Show, 'startTime' | 'endTime' | 'days'>;

export interface Occurrence<S extends ShowTimes = Show> {
  show: S;
  start: Date;
  end: Date;
  /** The listener's calendar date of the start. */
  date: PlainDate;
  /** 0 = Sunday … 6 = Saturday of the listener's week. */
  dayIndex: number;
  weekday: Weekday;
}

const DAY_MS = 86_400_000;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Building a formatter is far costlier than using one; a week view formats hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function intlParts(ms: number, timeZone: string): ZonedParts {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    // Some engines still say 24 for midnight even with h23.
    hour: out.hour === 24 ? 0 : out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

/**
 * A week's grid asks for the offset at thousands of instants, and each formatToParts with a
 * time zone costs tens of microseconds, far more on a low-tier phone: the schedule page's
 * first render was mostly these (docs/performance.md). No zone changes its offset twice
 * within a day, so when the offset is the same at both ends of a UTC day it holds all day:
 * two questions per zone and day. On a day with a change, offsets change only at whole
 * quarter hours (every zone's offsets and change times are multiples of 15 minutes since
 * 1970), so one question per quarter hour.
 */
const DAY_MS_UTC = 86_400_000;
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number | null>();

function offsetAt(quarter: number, timeZone: string): number {
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset == null) {
    const p = intlParts(quarter, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - quarter;
    // Bounded: a listener leaving the page open for months must not grow it for ever.
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The zone's offset from UTC at an instant, in milliseconds (Guyana: -4 h). */
export function zoneOffsetMs(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const day = Math.floor(ms / DAY_MS_UTC) * DAY_MS_UTC;
  const wholeDay = `${timeZone} day ${day}`;
  let offset = offsets.get(wholeDay);
  if (offset === undefined) {
    const start = offsetAt(day, timeZone);
    offset = start === offsetAt(day + DAY_MS_UTC, timeZone) ? start : null;
    offsets.set(wholeDay, offset);
  }
  return offset ?? offsetAt(Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, timeZone);
}

export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const wall = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function plainDate(year: number, month: number, day: number): PlainDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function dateParts(date: PlainDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

const utcMidnight = (date: PlainDate) => {
  const [y, m, d] = dateParts(date);
  return Date.UTC(y, m - 1, d);
};

export function addDays(date: PlainDate, days: number): PlainDate {
  const t = new Date(utcMidnight(date) + days * DAY_MS);
  return plainDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: PlainDate): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

export function daysBetween(from: PlainDate, to: PlainDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** The calendar date of an instant in a zone. */
export function zonedDate(instant: Date | number, timeZone: string): PlainDate {
  const p = zonedParts(instant, timeZone);
  return plainDate(p.year, p.month, p.day);
}

/** The Sunday that starts the week holding this instant, in that zone. */
export function weekStartOf(instant: Date | number, timeZone: string): PlainDate {
  const date = zonedDate(instant, timeZone);
  return addDays(date, -dayOfWeek(date));
}

export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * The instant when a zone's wall clock shows `hhmm` on `date`. In a spring-forward gap the
 * offset from before the gap is used, and in a fall-back overlap the first of the two
 * instants, as RFC 5545 §3.3.5 does, so the .ics file and the screen agree.
 */
export function zonedTimeToInstant(date: PlainDate, hhmm: string, timeZone: string): Date {
  const [y, m, d] = dateParts(date);
  const minutes = minutesOfDay(hhmm);
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  const candidates = [...new Set([zoneOffsetMs(wall - DAY_MS, timeZone), zoneOffsetMs(wall, timeZone), zoneOffsetMs(wall + DAY_MS, timeZone)])]
    .map((offset) => wall - offset)
    .filter((t) => t + zoneOffsetMs(t, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - zoneOffsetMs(wall - DAY_MS, timeZone));
}

/**
 * Where one weekly show lands in the listener's week (`weekStart`, a Sunday in the listener's
 * zone): a show at 22:00 on Monday in Guyana is 02:00 on Tuesday for a listener in London.
 * Occurrences are placed on the listener's day of their start, soonest first.
 */
export function showOccurrencesInWeek<S extends ShowTimes>(
  show: S,
  weekStart: PlainDate,
  tenantZone: string,
  listenerZone: string,
): Occurrence<S>[] {
  const startMin = minutesOfDay(show.startTime);
  const endMin = minutesOfDay(show.endTime);
  const crossesMidnight = endMin <= startMin;
  const out: Occurrence<S>[] = [];
  // Zones differ by at most 26 hours, so the tenant's dates two days either side of the
  // listener's week are enough to catch every occurrence that lands inside it.
  for (let i = -2; i <= 8; i++) {
    const tenantDate = addDays(weekStart, i);
    if (!show.days.includes(WEEKDAYS[dayOfWeek(tenantDate)]!)) continue;
    const start = zonedTimeToInstant(tenantDate, show.startTime, tenantZone);
    const end = zonedTimeToInstant(crossesMidnight ? addDays(tenantDate, 1) : tenantDate, show.endTime, tenantZone);
    const date = zonedDate(start, listenerZone);
    const dayIndex = daysBetween(weekStart, date);
    if (dayIndex < 0 || dayIndex > 6) continue;
    out.push({ show, start, end, date, dayIndex, weekday: WEEKDAYS[dayIndex]! });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * A week's occurrences, kept per list of shows (the query's answer, replaced when it changes):
 * the calendar and the Never Miss box ask for the same week, and the box again every minute.
 * Working one out is most of the schedule page's first render on a low-tier phone
 * (docs/performance.md).
 */
const weeksOfShows = new WeakMap<readonly ShowTimes[], Map<string, readonly Occurrence<ShowTimes>[]>>();

/** Every show's occurrences in the listener's week, soonest first. The list is shared: do not change it. */
export function weekOccurrences<S extends ShowTimes>(
  shows: readonly S[],
  weekStart: PlainDate,
  tenantZone: string,
  listenerZone: string,
): readonly Occurrence<S>[] {
  let weeks = weeksOfShows.get(shows);
  if (!weeks) weeksOfShows.set(shows, (weeks = new Map()));
  const key = `${weekStart} ${tenantZone} ${listenerZone}`;
  let week = weeks.get(key) as readonly Occurrence<S>[] | undefined;
  if (!week) {
    week = shows.flatMap((s) => showOccurrencesInWeek(s, weekStart, tenantZone, listenerZone)).sort((a, b) => a.start.getTime() - b.start.getTime());
    weeks.set(key, week);
  }
  return week;
}

export const isOnAir = (o: Pick<Occurrence<ShowTimes>, 'start' | 'end'>, now: Date | number) => {
  const t = typeof now === 'number' ? now : now.getTime();
  return o.start.getTime() <= t && t < o.end.getTime();
};

/** The show on air now, else the next one to start (within this and next week). */
export function currentOrNextOccurrence<S extends ShowTimes>(
  shows: readonly S[],
  now: Date,
  tenantZone: string,
  listenerZone: string,
): Occurrence<S> | null {
  const week = weekStartOf(now, listenerZone);
  const ahead = (list: readonly Occurrence<S>[]) => list.filter((o) => o.end.getTime() > now.getTime());
  // A show lasts under a day, so one from last week is on air only on this week's first day or
  // so; one from next week starts after every one of this week, so it is needed only when none
  // of this week is left.
  const lastWeek = daysBetween(week, zonedDate(now, listenerZone)) <= 1 ? ahead(weekOccurrences(shows, addDays(week, -7), tenantZone, listenerZone)) : [];
  const candidates = [...lastWeek, ...ahead(weekOccurrences(shows, week, tenantZone, listenerZone))];
  if (candidates.length === 0) candidates.push(...ahead(weekOccurrences(shows, addDays(week, 7), tenantZone, listenerZone)));
  return candidates.sort((a, b) => a.start.getTime() - b.start.getTime())[0] ?? null;
}
