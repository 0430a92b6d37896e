import { WEEKDAYS, type Weekday } from '../../../../domain/catalog';
import { minutesOf, type NewShow, type Show } from '../../../../domain/shows';
import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';

/** What the show form holds while the admin types: strings as typed, days as ticked. */
export interface ShowDraft {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  days: Weekday[];
  /** 'Record this show' (docs/recorder.md). */
  record: boolean;
}

export const SHOW_FIELDS = ['title', 'description', 'startTime', 'endTime', 'days', 'record'] as const;

export const emptyShowDraft = (): ShowDraft => ({ title: '', description: '', startTime: '', endTime: '', days: [], record: false });

export const showDraft = (show: Show): ShowDraft => ({
  title: show.title,
  description: show.description,
  startTime: show.startTime,
  endTime: show.endTime,
  days: [...show.days],
  record: show.record,
});

/** Ticks or unticks a day, keeping Sunday-to-Saturday order. */
export function toggleDay(days: readonly Weekday[], day: Weekday, on: boolean): Weekday[] {
  const next = new Set(days);
  if (on) next.add(day);
  else next.delete(day);
  return WEEKDAYS.filter((d) => next.has(d));
}

/** The week as the calendar reads it: by first day on air, then start time, then title. */
export function sortShows<S extends Pick<Show, 'days' | 'startTime' | 'title'>>(shows: readonly S[]): S[] {
  const firstDay = (s: S) => Math.min(...s.days.map((d) => WEEKDAYS.indexOf(d)), WEEKDAYS.length);
  return [...shows].sort(
    (a, b) => firstDay(a) - firstDay(b) || minutesOf(a.startTime) - minutesOf(b.startTime) || a.title.localeCompare(b.title),
  );
}

const SHORT: Record<Weekday, string> = {
  Sunday: 'Sun',
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
};

/** 'Every day', 'Weekdays', 'Weekends' or 'Mon, Wed, Fri'. */
export function describeDays(days: readonly Weekday[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'Every day';
  const weekdays: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  if (set.size === 5 && weekdays.every((d) => set.has(d))) return 'Weekdays';
  if (set.size === 2 && set.has('Saturday') && set.has('Sunday')) return 'Weekends';
  return WEEKDAYS.filter((d) => set.has(d))
    .map((d) => SHORT[d])
    .join(', ');
}

/** A show ending at or before it starts runs past midnight into the next day. */
export const runsPastMidnight = (show: Pick<NewShow, 'startTime' | 'endTime'>): boolean =>
  /^\d{2}:\d{2}$/.test(show.startTime) && /^\d{2}:\d{2}$/.test(show.endTime) && minutesOf(show.endTime) < minutesOf(show.startTime);

/** The station's zone from its settings; the default while settings are unknown. */
export const stationZone = (settings: { timeZone?: string } | undefined): string => settings?.timeZone || DEFAULT_TIME_ZONE;
