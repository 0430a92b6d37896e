import { WEEKDAYS, type Weekday } from './catalog';
import { minutesOf, type Show } from './shows';

export interface ZonedMoment {
  weekday: Weekday;
  minutes: number;
}

/** The weekday and minute of the day of an instant in an IANA time zone. */
export function zonedMoment(instant: Date, timeZone: string): ZonedMoment {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = get('weekday') as Weekday;
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const previousDay = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;

/**
 * The show on air at an instant, shows repeating weekly at HH:MM in the tenant's zone.
 * A show whose end is before its start runs past midnight into the next day.
 */
export function showOnAir<S extends Pick<Show, 'startTime' | 'endTime' | 'days'>>(
  shows: readonly S[],
  instant: Date,
  timeZone: string,
): S | null {
  const { weekday, minutes } = zonedMoment(instant, timeZone);
  for (const show of shows) {
    const start = minutesOf(show.startTime);
    const end = minutesOf(show.endTime);
    if (start < end) {
      if (show.days.includes(weekday) && minutes >= start && minutes < end) return show;
    } else {
      if (show.days.includes(weekday) && minutes >= start) return show;
      if (show.days.includes(previousDay(weekday)) && minutes < end) return show;
    }
  }
  return null;
}
