import { addDays, type PlainDate } from './show-times';

// Plain dates are formatted as UTC midnights in UTC, so the machine's zone never shifts the day.
const utcDate = (date: PlainDate) => new Date(`${date}T00:00:00Z`);

// A week's grid formats hundreds of dates and times, and making an Intl.DateTimeFormat is
// the slow part on a cheap phone (issue 7: blocking time): each kind is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** 'Monday, Jan 5' */
export function formatDayHeading(date: PlainDate, locale?: string): string {
  return formatter(locale, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utcDate(date));
}

/** 'Mon, Jan 5' */
export function formatShortDay(date: PlainDate, locale?: string): string {
  return formatter(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utcDate(date));
}

/** 'Jan 4 – 10, 2026' for the week starting on that Sunday. */
export function formatWeekRange(weekStart: PlainDate, locale?: string): string {
  const f = formatter(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return f.formatRange(utcDate(weekStart), utcDate(addDays(weekStart, 6)));
}

/** '10:00 PM' in the listener's zone. */
export function formatTime(instant: Date, timeZone: string, locale?: string): string {
  return formatter(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(instant);
}

export function formatTimeRange(start: Date, end: Date, timeZone: string, locale?: string): string {
  return `${formatTime(start, timeZone, locale)} – ${formatTime(end, timeZone, locale)}`;
}

/** 'GMT+1', 'EST': the short name of a zone at an instant, for 'times in your zone' notes. */
export function zoneShortName(instant: Date, timeZone: string, locale?: string): string {
  const part = formatter(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(instant).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
