import { WEEKDAYS, type Weekday } from '../../../domain/catalog';
import type { Show } from '../../../domain/shows';
import { addDays, dayOfWeek, minutesOfDay, zoneOffsetMs, zonedDate, type PlainDate } from './show-times';

/**
 * An RFC 5545 calendar of weekly shows: one recurring VEVENT per show at its wall time in the
 * tenant's zone (TZID plus a VTIMEZONE built from Intl), each with a 10-minute alarm. That
 * alarm is how 'Get notified 10 minutes before shows' is honoured (docs/product.md).
 */

export const ALARM_MINUTES_BEFORE = 10;
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const BYDAY_CODES: Record<Weekday, string> = {
  Sunday: 'SU',
  Monday: 'MO',
  Tuesday: 'TU',
  Wednesday: 'WE',
  Thursday: 'TH',
  Friday: 'FR',
  Saturday: 'SA',
};

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters are not allowed in TEXT at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

const encoder = new TextEncoder();
const utf8Length = (s: string) => encoder.encode(s).length;

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space,
 * which counts toward their 75. Never splits a character's UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (utf8Length(line) <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const size = utf8Length(ch);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF + ' ');
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** DATE-TIME in UTC form, e.g. DTSTAMP:20260105T120000Z. */
export function formatUtc(instant: Date): string {
  return `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** Local DATE-TIME for a TZID property, e.g. 20260105T220000. */
export function formatLocal(date: PlainDate, hhmm: string): string {
  const minutes = minutesOfDay(hhmm);
  return `${date.replace(/-/g, '')}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;
}

/** UTC-OFFSET value, e.g. -0400 or +0530. */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const totalSeconds = Math.round(Math.abs(offsetMs) / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `${sign}${pad(h)}${pad(m)}${s ? pad(s) : ''}`;
}

/** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' value part, days in week order. */
export function weeklyRule(days: readonly Weekday[]): string {
  const ordered = WEEKDAYS.filter((d) => days.includes(d));
  return `FREQ=WEEKLY;BYDAY=${ordered.map((d) => BYDAY_CODES[d]).join(',')}`;
}

/** The first date on or after `from` that falls on one of the days. */
export function firstDateOnDays(from: PlainDate, days: readonly Weekday[]): PlainDate {
  for (let i = 0; i < 7; i++) {
    const date = addDays(from, i);
    if (days.includes(WEEKDAYS[dayOfWeek(date)]!)) return date;
  }
  return from;
}

interface Transition {
  /** The instant the offset changes. */
  at: number;
  from: number;
  to: number;
}

/** Offset changes of a zone between two instants, found to the minute. */
export function offsetTransitions(timeZone: string, fromMs: number, toMs: number): Transition[] {
  const out: Transition[] = [];
  let t = fromMs;
  let offset = zoneOffsetMs(t, timeZone);
  while (t < toMs) {
    const next = Math.min(t + DAY_MS, toMs);
    const nextOffset = zoneOffsetMs(next, timeZone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zoneOffsetMs(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: offset, to: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return out;
}

interface Onset {
  /** Wall time of the change in the offset before it, as a VTIMEZONE DTSTART wants. */
  year: number;
  month: number;
  day: number;
  time: string;
  weekday: number;
  from: number;
  to: number;
}

function onsetOf(tr: Transition): Onset {
  const wall = new Date(tr.at + tr.from);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    time: `${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}`,
    weekday: wall.getUTCDay(),
    from: tr.from,
    to: tr.to,
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const WEEKDAY_CODES = WEEKDAYS.map((d) => BYDAY_CODES[d]);

/** 'the 2nd Sunday' (2) or 'the last Sunday' (-1) of the month, when it is one in every year given. */
function yearlyRule(onsets: Onset[]): string | null {
  const first = onsets[0]!;
  const same = onsets.every((o) => o.month === first.month && o.weekday === first.weekday && o.time === first.time && o.from === first.from && o.to === first.to);
  if (!same) return null;
  const byDay = (n: number) => `FREQ=YEARLY;BYMONTH=${first.month};BYDAY=${n}${WEEKDAY_CODES[first.weekday]}`;
  if (onsets.every((o) => o.day + 7 > daysInMonth(o.year, o.month))) return byDay(-1);
  const nth = Math.ceil(first.day / 7);
  if (onsets.every((o) => Math.ceil(o.day / 7) === nth)) return byDay(nth);
  return null;
}

/** The day in `year` that is the nth (or last, -1) `weekday` of `month`. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
  }
  const last = daysInMonth(year, month);
  const lastWeekday = new Date(Date.UTC(year, month - 1, last)).getUTCDay();
  return last - ((lastWeekday - weekday + 7) % 7);
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', dtstart: string, from: number, to: number, rule?: string): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    `END:${kind}`,
  ];
}

/**
 * A VTIMEZONE for an IANA zone, as RFC 5545 requires for every TZID used. Fixed-offset zones
 * (Guyana) get one STANDARD observance; zones with daylight saving get yearly rules derived
 * from their transitions around `now`, or, when those follow no weekday rule, each transition
 * of the years around `now` spelled out.
 */
export function buildVTimezone(timeZone: string, now: Date): string[] {
  const year = now.getUTCFullYear();
  const yearStart = (y: number) => Date.UTC(y, 0, 1);
  const transitions = offsetTransitions(timeZone, yearStart(year - 1), yearStart(year + 3));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = zoneOffsetMs(now, timeZone);
    lines.push(...observance('STANDARD', '19700101T000000', offset, offset));
    return [...lines, 'END:VTIMEZONE'];
  }
  const onsets = transitions.map(onsetOf);
  const kindOf = (o: Onset) => (o.to > o.from ? 'DAYLIGHT' : 'STANDARD');
  // Group the onsets by what they change (e.g. -0500→-0400 each March) to find yearly rules.
  const groups = new Map<string, Onset[]>();
  for (const o of onsets) {
    const key = `${o.from}|${o.to}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const rules = [...groups.values()].map((g) => ({ onsets: g, rule: g.length >= 3 ? yearlyRule(g) : null }));
  if (rules.length === 2 && rules.every((r) => r.rule)) {
    for (const { onsets: g, rule } of rules) {
      const o = g[0]!;
      const nth = Number(/BYDAY=(-?\d)/.exec(rule!)![1]);
      const day = nthWeekday(1970, o.month, o.weekday, nth);
      lines.push(...observance(kindOf(o), `1970${pad(o.month)}${pad(day)}T${o.time}`, o.from, o.to, rule!));
    }
  } else {
    // Irregular rules: the offset in force before the first change, then every change.
    const firstOnset = onsets[0]!;
    lines.push(...observance(firstOnset.from > firstOnset.to ? 'DAYLIGHT' : 'STANDARD', '19700101T000000', firstOnset.from, firstOnset.from));
    for (const o of onsets) {
      lines.push(...observance(kindOf(o), `${pad(o.year, 4)}${pad(o.month)}${pad(o.day)}T${o.time}`, o.from, o.to));
    }
  }
  return [...lines, 'END:VTIMEZONE'];
}

export interface CalendarOptions {
  shows: readonly Pick<Show, 'id' | 'title' | 'description' | 'startTime' | 'endTime' | 'days'>[];
  /** The tenant's IANA zone, in which the shows' HH:MM are wall times. */
  timeZone: string;
  /** DTSTAMP, and the day from which each show's first occurrence is counted. */
  now: Date;
  /** Shown as the calendar's name by clients that read X-WR-CALNAME. */
  calendarName: string;
  /** The right-hand side of each UID, so re-importing updates the same events. */
  uidDomain: string;
}

export function showEventLines(show: CalendarOptions['shows'][number], options: Omit<CalendarOptions, 'shows'>): string[] {
  const { timeZone, now, uidDomain } = options;
  const startDate = firstDateOnDays(zonedDate(now, timeZone), show.days);
  const crossesMidnight = minutesOfDay(show.endTime) <= minutesOfDay(show.startTime);
  const endDate = crossesMidnight ? addDays(startDate, 1) : startDate;
  const title = escapeText(show.title);
  return [
    'BEGIN:VEVENT',
    `UID:show-${show.id}@${uidDomain}`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART;TZID=${timeZone}:${formatLocal(startDate, show.startTime)}`,
    `DTEND;TZID=${timeZone}:${formatLocal(endDate, show.endTime)}`,
    `RRULE:${weeklyRule(show.days)}`,
    `SUMMARY:${title}`,
    ...(show.description.trim() ? [`DESCRIPTION:${escapeText(show.description)}`] : []),
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`${show.title} starts in ${ALARM_MINUTES_BEFORE} minutes`)}`,
    `TRIGGER:-PT${ALARM_MINUTES_BEFORE}M`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

/** The whole file: CRLF line endings, every line folded, ending with CRLF. */
export function buildCalendar(options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Caribbean Radio//Show Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
    ...buildVTimezone(options.timeZone, options.now),
    ...options.shows.flatMap((s) => showEventLines(s, options)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name from a title: 'Late Night Soca' → 'late-night-soca.ics'. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'schedule'}.ics`;
}

/** Google Calendar's template link (an outbound link, not an API call). */
export interface GoogleEvent {
  title: string;
  start: Date;
  end: Date;
  description: string;
  /** The zone the event repeats in; with `days`, the event repeats weekly there. */
  timeZone?: string;
  days?: readonly Weekday[];
}

export function googleCalendarUrl(event: GoogleEvent): string {
  const enc = encodeURIComponent;
  const params = [
    'action=TEMPLATE',
    `text=${enc(event.title)}`,
    // UTC times are exact whatever zone the visitor's calendar is in.
    `dates=${formatUtc(event.start)}/${formatUtc(event.end)}`,
    `details=${enc(event.description)}`,
  ];
  if (event.timeZone) params.push(`ctz=${enc(event.timeZone)}`);
  if (event.days?.length) params.push(`recur=${enc(`RRULE:${weeklyRule(event.days)}`)}`);
  return `https://calendar.google.com/calendar/render?${params.join('&')}`;
}

