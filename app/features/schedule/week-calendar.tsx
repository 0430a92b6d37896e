import { ChevronLeft, ChevronRight } from 'lucide-react';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { WEEKDAYS, type Weekday } from '../../../domain/catalog';
import type { Show } from '../../../domain/shows';
import { formatDayHeading, formatShortDay, formatWeekRange, zoneShortName } from './schedule-format';
import { ShowCard } from './show-card';
import { useDrawnInSteps } from '../../lib/use-drawn-in-steps';
import { addDays, isOnAir, weekOccurrences, weekStartOf, type Occurrence, type PlainDate } from './show-times';

type View = 'grid' | 'list';

/** The days drawn with the week's first commit: a phone's first screen; the rest follow a day a task. */
const FIRST_DAYS = 2;

interface CalendarDay {
  weekday: Weekday;
  date: PlainDate;
  /** The shows on that day, in the listener's zone. */
  items: Occurrence[];
}

interface WeekCalendarProps {
  shows: Show[];
  now: Date;
  tenantZone: string;
  listenerZone: string;
  stationName: string;
}

/**
 * Sunday to Saturday of a real week, in the listener's zone, with previous/next arrows.
 * Memoised, as each card is: the page re-renders whenever one of its queries' stores changes,
 * and such a render is synchronous, so without it each redrew the whole week in one long task
 * (issue 43, docs/performance.md "The schedule's week").
 */
export const WeekCalendar = memo(function WeekCalendar({ shows, now, tenantZone, listenerZone, stationName }: WeekCalendarProps) {
  const thisWeek = weekStartOf(now, listenerZone);
  const [weekStart, setWeekStart] = useState(thisWeek);
  const [view, setView] = useState<View>('grid');
  const occurrences = useMemo(() => weekOccurrences(shows, weekStart, tenantZone, listenerZone), [shows, weekStart, tenantZone, listenerZone]);
  const days = WEEKDAYS.map((weekday, i): CalendarDay => {
    const date = addDays(weekStart, i);
    return { weekday, date, items: occurrences.filter((o) => o.dayIndex === i) };
  });
  const daysDrawn = useDrawnInSteps(days.length, FIRST_DAYS, `${weekStart}|${view}`);
  const onAir = occurrences.filter((o) => isOnAir(o, now));
  const cardProps = (o: Occurrence) => ({
    occurrence: o,
    onAir: onAir.includes(o),
    tenantZone,
    listenerZone,
    stationName,
  });

  return (
    <section className="week-calendar" aria-labelledby="week-range">
      <div className="week-toolbar">
        <div className="week-nav">
          <button type="button" className="outline icon-button" aria-label="Previous week" onClick={() => setWeekStart((w) => addDays(w, -7))}>
            <ChevronLeft />
          </button>
          <h2 id="week-range" data-testid="week-range" data-week-start={weekStart} aria-live="polite">
            {formatWeekRange(weekStart)}
          </h2>
          <button type="button" className="outline icon-button" aria-label="Next week" onClick={() => setWeekStart((w) => addDays(w, 7))}>
            <ChevronRight />
          </button>
          {weekStart !== thisWeek && (
            <button type="button" className="secondary outline" onClick={() => setWeekStart(thisWeek)}>
              This week
            </button>
          )}
        </div>
        <div role="group" aria-label="View" className="view-toggle">
          <button type="button" aria-pressed={view === 'grid'} className={view === 'grid' ? '' : 'outline'} onClick={() => setView('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={view === 'list'} className={view === 'list' ? '' : 'outline'} onClick={() => setView('list')}>
            List
          </button>
        </div>
      </div>
      <p className="muted zone-note">
        Times are in your time zone ({listenerZone}, {zoneShortName(now, listenerZone)}).
      </p>
      {onAir.length > 0 && (
        <p className="on-air-line">
          <span className="live-badge">ON AIR</span> <strong>{onAir.map((o) => o.show.title).join(', ')}</strong>
        </p>
      )}

      {view === 'grid' ? (
        <div className="week-grid" data-testid="schedule-grid">
          {days.map((d, i) => (
            <WeekDay key={d.date} day={d} drawn={i < daysDrawn} className="week-day" heading={formatDayHeading(d.date)}>
              {d.items.map((o) => <ShowCard key={`${o.show.id}-${o.start.getTime()}`} {...cardProps(o)} />)}
            </WeekDay>
          ))}
        </div>
      ) : (
        <div className="week-list" data-testid="schedule-list">
          {days.map((d, i) => (
            <WeekDay key={d.date} day={d} drawn={i < daysDrawn} className="week-list-day" heading={formatShortDay(d.date)}>
              <ul className="week-list-items">
                {d.items.map((o) => (
                  <li key={`${o.show.id}-${o.start.getTime()}`}>
                    <ShowCard {...cardProps(o)} compact />
                  </li>
                ))}
              </ul>
            </WeekDay>
          ))}
        </div>
      )}
    </section>
  );
});

/**
 * One day in either view: its heading, then its shows, or 'No shows' when it has none; a day
 * not yet drawn (useDrawnInSteps) has its heading alone, and says it is busy.
 */
function WeekDay({ day, drawn, className, heading, children }: { day: CalendarDay; drawn: boolean; className: string; heading: string; children: ReactNode }) {
  return (
    <section className={className} aria-label={formatDayHeading(day.date)} aria-busy={drawn ? undefined : true} data-weekday={day.weekday} data-date={day.date}>
      <h3 className="week-day-heading">
        <time dateTime={day.date}>{heading}</time>
      </h3>
      {!drawn ? null : day.items.length === 0 ? <p className="muted no-shows">No shows</p> : children}
    </section>
  );
}
