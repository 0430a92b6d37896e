import { describe, expect, it } from 'vitest';
import type { Weekday } from '../../../domain/catalog';
import {
  buildCalendar,
  buildVTimezone,
  escapeText,
  firstDateOnDays,
  foldLine,
  formatLocal,
  formatOffset,
  formatUtc,
  googleCalendarUrl,
  icsFileName,
  offsetTransitions,
  weeklyRule,
} from './ics';

const GUYANA = 'America/Guyana';
// Monday 2026-01-05, 08:00 in Guyana.
const NOW = new Date('2026-01-05T12:00:00Z');
const octets = (s: string) => new TextEncoder().encode(s).length;

const show = (id: string, title: string, startTime: string, endTime: string, days: Weekday[], description = '') => ({ id, title, description, startTime, endTime, days });

const SHOWS = [
  show('1', 'Wake Up Caribbean', '06:00', '10:00', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], 'Soca, reggae; and the news.\nEvery weekday'),
  show('2', 'Dancehall Nights', '22:00', '02:00', ['Saturday', 'Friday']),
];

const calendar = (overrides: Partial<Parameters<typeof buildCalendar>[0]> = {}) =>
  buildCalendar({ shows: SHOWS, timeZone: GUYANA, now: NOW, calendarName: 'Watzhott Schedule', uidDomain: 'radio.example', ...overrides });

/** Unfolds (RFC 5545 §3.1) and splits into content lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);

/** The components of a calendar as nested { name, props, children }. */
interface Component {
  name: string;
  props: string[];
  children: Component[];
}
function parse(ics: string): Component {
  const stack: Component[] = [{ name: 'ROOT', props: [], children: [] }];
  for (const line of unfold(ics)) {
    if (line.startsWith('BEGIN:')) {
      const c = { name: line.slice(6), props: [], children: [] };
      stack.at(-1)!.children.push(c);
      stack.push(c);
    } else if (line.startsWith('END:')) {
      const c = stack.pop()!;
      expect(c.name).toBe(line.slice(4));
    } else {
      stack.at(-1)!.props.push(line);
    }
  }
  expect(stack).toHaveLength(1);
  return stack[0]!.children[0]!;
}
const prop = (c: Component, name: string) => c.props.filter((p) => p.split(/[;:]/)[0] === name);

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(escapeText('one\r\ntwo\rthree')).toBe('one\\ntwo\\nthree');
  });

  it('escapes the backslash first, so escapes are not doubled', () => {
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });

  it('leaves colons and quotes alone and drops control characters', () => {
    expect(escapeText('Time: "now"\u0007')).toBe('Time: "now"');
  });
});

describe('foldLine', () => {
  it('leaves lines of 75 octets alone', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets with CRLF and one space', () => {
    const line = 'DESCRIPTION:' + 'a'.repeat(200);
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(octets(parts[0]!)).toBe(75);
    for (const p of parts.slice(1)) {
      expect(p.startsWith(' ')).toBe(true);
      expect(octets(p)).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('counts octets, not characters, and never splits a character', () => {
    const line = 'SUMMARY:' + 'é🇬🇾🙌'.repeat(30);
    const folded = foldLine(line);
    for (const p of folded.split('\r\n')) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      expect(p).not.toMatch(/\uFFFD/);
      // Each part is valid UTF-16 on its own: no lone surrogates.
      expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('value formats', () => {
  it('formats UTC and local date-times', () => {
    expect(formatUtc(new Date('2026-01-05T02:03:04.567Z'))).toBe('20260105T020304Z');
    expect(formatLocal('2026-01-05', '22:00')).toBe('20260105T220000');
    expect(formatLocal('2026-12-31', '06:30')).toBe('20261231T063000');
  });

  it('formats UTC offsets', () => {
    expect(formatOffset(-4 * 3_600_000)).toBe('-0400');
    expect(formatOffset(5.5 * 3_600_000)).toBe('+0530');
    expect(formatOffset(0)).toBe('+0000');
  });

  it('builds weekly rules in week order', () => {
    expect(weeklyRule(['Friday', 'Monday', 'Wednesday'])).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(weeklyRule(['Saturday', 'Sunday'])).toBe('FREQ=WEEKLY;BYDAY=SU,SA');
  });

  it('finds the first date on one of the days', () => {
    expect(firstDateOnDays('2026-01-05', ['Monday'])).toBe('2026-01-05');
    expect(firstDateOnDays('2026-01-05', ['Sunday'])).toBe('2026-01-11');
    expect(firstDateOnDays('2026-01-05', ['Saturday', 'Wednesday'])).toBe('2026-01-07');
  });

  it('names files after titles', () => {
    expect(icsFileName('Late Night Soca')).toBe('late-night-soca.ics');
    expect(icsFileName('Praise Café & Co.')).toBe('praise-cafe-co.ics');
    expect(icsFileName('🙌')).toBe('schedule.ics');
  });
});

describe('buildCalendar', () => {
  it('uses CRLF everywhere, ends with CRLF and keeps every line within 75 octets', () => {
    const ics = calendar({ shows: [show('9', 'A very long title '.repeat(8), '06:00', '07:00', ['Monday'], 'Long, long; description\\ '.repeat(10))] });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('has the VCALENDAR shape RFC 5545 requires', () => {
    const cal = parse(calendar());
    expect(cal.name).toBe('VCALENDAR');
    expect(prop(cal, 'VERSION')).toEqual(['VERSION:2.0']);
    expect(prop(cal, 'PRODID')).toHaveLength(1);
    expect(prop(cal, 'CALSCALE')).toEqual(['CALSCALE:GREGORIAN']);
    expect(prop(cal, 'X-WR-CALNAME')).toEqual(['X-WR-CALNAME:Watzhott Schedule']);
    expect(cal.children.map((c) => c.name)).toEqual(['VTIMEZONE', 'VEVENT', 'VEVENT']);
  });

  it('has one weekly recurring event per show, at its wall time in the tenant zone', () => {
    const [, wake, dancehall] = parse(calendar()).children;
    expect(prop(wake!, 'UID')).toEqual(['UID:show-1@radio.example']);
    expect(prop(wake!, 'DTSTAMP')).toEqual(['DTSTAMP:20260105T120000Z']);
    expect(prop(wake!, 'DTSTART')).toEqual(['DTSTART;TZID=America/Guyana:20260105T060000']);
    expect(prop(wake!, 'DTEND')).toEqual(['DTEND;TZID=America/Guyana:20260105T100000']);
    expect(prop(wake!, 'RRULE')).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    expect(prop(wake!, 'SUMMARY')).toEqual(['SUMMARY:Wake Up Caribbean']);
    expect(prop(wake!, 'DESCRIPTION')).toEqual(['DESCRIPTION:Soca\\, reggae\\; and the news.\\nEvery weekday']);

    // Runs past midnight: ends the next day. The first date is the next Friday.
    expect(prop(dancehall!, 'DTSTART')).toEqual(['DTSTART;TZID=America/Guyana:20260109T220000']);
    expect(prop(dancehall!, 'DTEND')).toEqual(['DTEND;TZID=America/Guyana:20260110T020000']);
    expect(prop(dancehall!, 'RRULE')).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=FR,SA']);
    // No description given: no empty DESCRIPTION on the event itself.
    expect(prop(dancehall!, 'DESCRIPTION')).toEqual([]);
  });

  it('counts the first date in the tenant zone, not in UTC', () => {
    // 2026-01-06T01:00Z is still Monday 21:00 in Guyana: the Monday show starts that day.
    const cal = parse(calendar({ now: new Date('2026-01-06T01:00:00Z'), shows: [show('3', 'Late', '22:00', '23:00', ['Monday'])] }));
    expect(prop(cal.children[1]!, 'DTSTART')).toEqual(['DTSTART;TZID=America/Guyana:20260105T220000']);
  });

  it('gives every event a 10-minute display alarm', () => {
    for (const event of parse(calendar()).children.slice(1)) {
      const [alarm] = event.children;
      expect(alarm!.name).toBe('VALARM');
      expect(prop(alarm!, 'TRIGGER')).toEqual(['TRIGGER:-PT10M']);
      expect(prop(alarm!, 'ACTION')).toEqual(['ACTION:DISPLAY']);
      expect(prop(alarm!, 'DESCRIPTION')[0]).toMatch(/starts in 10 minutes$/);
    }
  });

  it('defines a VTIMEZONE for the TZID it uses', () => {
    const cal = parse(calendar());
    const tz = cal.children[0]!;
    expect(prop(tz, 'TZID')).toEqual(['TZID:America/Guyana']);
    const tzids = unfold(calendar()).flatMap((l) => /;TZID=([^:;]+)/.exec(l)?.[1] ?? []);
    expect(new Set(tzids)).toEqual(new Set(['America/Guyana']));
  });

  it('escapes the calendar name and event text', () => {
    const ics = calendar({ calendarName: 'Praise, Worship; Radio', shows: [show('4', 'Hymns, Psalms; \\ More', '09:00', '10:00', ['Sunday'])] });
    const lines = unfold(ics);
    expect(lines).toContain('X-WR-CALNAME:Praise\\, Worship\\; Radio');
    expect(lines).toContain('SUMMARY:Hymns\\, Psalms\\; \\\\ More');
  });

  it('makes a file for one show', () => {
    const cal = parse(calendar({ shows: [SHOWS[1]!] }));
    expect(cal.children.filter((c) => c.name === 'VEVENT')).toHaveLength(1);
  });
});

describe('buildVTimezone', () => {
  const component = (zone: string) => parse(['BEGIN:VCALENDAR', ...buildVTimezone(zone, NOW), 'END:VCALENDAR', ''].join('\r\n')).children[0]!;

  it('gives a fixed-offset zone one STANDARD observance', () => {
    const tz = component(GUYANA);
    expect(tz.children).toHaveLength(1);
    expect(tz.children[0]!.props).toEqual(['DTSTART:19700101T000000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0400']);
  });

  it('derives yearly rules for New York', () => {
    const tz = component('America/New_York');
    const byKind = Object.fromEntries(tz.children.map((c) => [c.name, c.props]));
    expect(byKind.DAYLIGHT).toEqual(['DTSTART:19700308T020000', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU']);
    expect(byKind.STANDARD).toEqual(['DTSTART:19701101T020000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU']);
  });

  it('uses "last Sunday" rules for London', () => {
    const tz = component('Europe/London');
    const byKind = Object.fromEntries(tz.children.map((c) => [c.name, c.props]));
    expect(byKind.DAYLIGHT).toEqual(['DTSTART:19700329T010000', 'TZOFFSETFROM:+0000', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU']);
    expect(byKind.STANDARD).toEqual(['DTSTART:19701025T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU']);
  });

  it('handles the southern hemisphere', () => {
    const tz = component('Australia/Sydney');
    const byKind = Object.fromEntries(tz.children.map((c) => [c.name, c.props]));
    expect(byKind.DAYLIGHT).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU');
    expect(byKind.DAYLIGHT).toContain('TZOFFSETTO:+1100');
    expect(byKind.STANDARD).toContain('RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU');
    expect(byKind.STANDARD).toContain('TZOFFSETTO:+1000');
  });

  it('spells out each change when a zone follows no weekday rule', () => {
    // Casablanca leaves its offset for Ramadan, which moves through the year.
    const tz = component('Africa/Casablanca');
    expect(tz.children.length).toBeGreaterThan(2);
    for (const o of tz.children) {
      expect(['STANDARD', 'DAYLIGHT']).toContain(o.name);
      expect(prop(o, 'DTSTART')).toHaveLength(1);
      expect(prop(o, 'TZOFFSETFROM')).toHaveLength(1);
      expect(prop(o, 'TZOFFSETTO')).toHaveLength(1);
      expect(prop(o, 'RRULE')).toEqual([]);
    }
  });

  it('finds transitions to the minute', () => {
    const [first] = offsetTransitions('America/New_York', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31));
    expect(new Date(first!.at).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(offsetTransitions(GUYANA, Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31))).toEqual([]);
  });
});

describe('googleCalendarUrl', () => {
  it('builds the template link from title, start, end and description', () => {
    const url = googleCalendarUrl({
      title: 'Soca & Sunrise',
      start: new Date('2026-01-06T02:00:00Z'),
      end: new Date('2026-01-06T03:00:00Z'),
      description: 'Hot, fresh; soca',
    });
    expect(url).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Soca%20%26%20Sunrise&dates=20260106T020000Z/20260106T030000Z&details=Hot%2C%20fresh%3B%20soca');
    const parsed = new URL(url);
    expect(parsed.searchParams.get('text')).toBe('Soca & Sunrise');
    expect(parsed.searchParams.get('details')).toBe('Hot, fresh; soca');
  });

  it('repeats weekly in the tenant zone when days are given', () => {
    const parsed = new URL(
      googleCalendarUrl({ title: 'A', start: new Date(0), end: new Date(3_600_000), description: '', timeZone: GUYANA, days: ['Monday', 'Friday'] }),
    );
    expect(parsed.searchParams.get('ctz')).toBe(GUYANA);
    expect(parsed.searchParams.get('recur')).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO,FR');
  });
});
