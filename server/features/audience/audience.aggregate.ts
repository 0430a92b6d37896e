import type { ListeningKind, ListeningSource } from '../../../domain/audience';
import { showOnAir } from '../../../domain/schedule';
import type { Show } from '../../../domain/shows';
import type { AggregateDelta } from './audience.repository';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export const hourOf = (ms: number): number => Math.floor(ms / HOUR) * HOUR;
export const dayOf = (ms: number): string => new Date(Math.floor(ms / DAY) * DAY).toISOString().slice(0, 10);

export interface Stretch {
  fromMs: number;
  toMs: number;
  kind: ListeningKind;
  source: ListeningSource;
  country: string | null;
  /** The session's first stretch (counted as a session); a later one continues it. */
  first: boolean;
}

export interface Schedule {
  shows: readonly Pick<Show, 'id' | 'title' | 'startTime' | 'endTime' | 'days'>[];
  timeZone: string;
}

/**
 * What a stretch of listening adds (UTC hours and days): its seconds per hour and kind, the
 * minutes it was heard in (for the peak: a minute counts each listener once, so a stretch that
 * continues an earlier one leaves out the minute the earlier one already counted), the days it
 * touched (for unique listeners), seconds per country and per source and, for the live stream,
 * per show on air.
 */
export function aggregateStretch(stretch: Stretch, schedule: Schedule): AggregateDelta {
  const delta: AggregateDelta = { hours: new Map(), days: [], shows: new Map(), breakdown: new Map() };
  const { fromMs, toMs, kind } = stretch;
  if (toMs < fromMs) return delta;
  const hourFor = (h: number) => {
    let e = delta.hours.get(h);
    if (!e) delta.hours.set(h, (e = { seconds: { live: 0, episode: 0, track: 0 }, minutes: [], sessions: 0 }));
    return e;
  };
  if (stretch.first) hourFor(hourOf(fromMs)).sessions += 1;
  // Minutes: every minute the stretch overlaps (a zero-length start still marks its minute).
  const firstMinute = Math.floor(fromMs / MINUTE);
  const lastMinute = Math.max(Math.ceil(toMs / MINUTE) - 1, firstMinute);
  for (let m = firstMinute; m <= lastMinute; m++) {
    const at = m * MINUTE;
    const h = hourFor(hourOf(at));
    if (stretch.first || m !== firstMinute) h.minutes.push(Math.floor((at % HOUR) / MINUTE));
    const seconds = (Math.min(toMs, at + MINUTE) - Math.max(fromMs, at)) / 1000;
    if (seconds <= 0) continue;
    h.seconds[kind] += seconds;
    const day = dayOf(at);
    addTo(delta.breakdown, `${day}|country`, { day, key: `country:${stretch.country ?? '??'}`, seconds });
    addTo(delta.breakdown, `${day}|source`, { day, key: `source:${stretch.source}`, seconds });
    if (kind === 'live') {
      const show = showOnAir(schedule.shows, new Date(at), schedule.timeZone);
      if (show) {
        const e = delta.shows.get(`${day}|${show.id}`) ?? { day, showId: show.id, title: show.title, seconds: 0 };
        e.seconds += seconds;
        delta.shows.set(`${day}|${show.id}`, e);
      }
    }
  }
  for (let d = Math.floor(fromMs / DAY); d <= Math.floor(toMs / DAY); d++) delta.days.push(dayOf(d * DAY));
  // Whole seconds in the tables: rounding here keeps the page's figures and the CSV's the same.
  for (const h of delta.hours.values()) for (const k of Object.keys(h.seconds) as ListeningKind[]) h.seconds[k] = Math.round(h.seconds[k]);
  for (const s of delta.shows.values()) s.seconds = Math.round(s.seconds);
  for (const b of delta.breakdown.values()) b.seconds = Math.round(b.seconds);
  return delta;
}

function addTo(map: AggregateDelta['breakdown'], id: string, e: { day: string; key: string; seconds: number }) {
  const cur = map.get(id);
  if (cur) cur.seconds += e.seconds;
  else map.set(id, { ...e });
}
