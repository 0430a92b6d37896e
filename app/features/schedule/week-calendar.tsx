import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { WEEKDAYS } from '../../../domain/catalog';
import type { Show } from '../../../domain/shows';
import { formatDayHeading, formatShortDay, formatWeekRange, zoneShortName } from './schedule-format';
import { ShowCard } from './show-card';
import { addDays, isOnAir, weekOccurrences, weekStartOf, type Occurrence } from './show-times';

type View = 'grid' | 'list';

interface WeekCalendarProps {
  shows: Show[];
  now: Date;
  tenantZone: string;
  listenerZone: string;
  stationName: string;
}

/** Sunday to Saturday of a real week, in the listener's zone, with previous/next arrows. */
export function WeekCalendar({ shows, now, tenantZone, listenerZone, stationName }: WeekCalendarProps) {
  const thisWeek = weekStartOf(now, listenerZone);
  const [weekStart, setWeekStart] = useState(thisWeek);
  const [view, setView] = useState<View>('grid');
  const occurrences = useMemo(() => weekOccurrences(shows, weekStart, tenantZone, listenerZone), [shows, weekStart, tenantZone, listenerZone]);
  const days = WEEKDAYS.map((weekday, i) => {
    const date = addDays(weekStart, i);
    return { weekday, date, items: occurrences.filter((o) => o.dayIndex === i) };
  });
  const onAir = occurrences.filter((o) => isOnAir(o, now));
  const cardProps = (o: Occurrence) => ({
    occurrence: o,
    onAir: onAir.includes(o),
    tenantZone,
    listenerZone,
    stationName,
    now,
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
          {days.map((d) => (
            <section key={d.date} className="week-day" aria-label={formatDayHeading(d.date)} data-weekday={d.weekday} data-date={d.date}>
              <h3 className="week-day-heading">
                <time dateTime={d.date}>{formatDayHeading(d.date)}</time>
              </h3>
              {d.items.length === 0 ? <p className="muted no-shows">No shows</p> : d.items.map((o) => <ShowCard key={`${o.show.id}-${o.start.getTime()}`} {...cardProps(o)} />)}
            </section>
          ))}
        </div>
      ) : (
        <div className="week-list" data-testid="schedule-list">
          {days.map((d) => (
            <section key={d.date} className="week-list-day" aria-label={formatDayHeading(d.date)} data-weekday={d.weekday} data-date={d.date}>
              <h3 className="week-day-heading">
                <time dateTime={d.date}>{formatShortDay(d.date)}</time>
              </h3>
              {d.items.length === 0 ? (
                <p className="muted no-shows">No shows</p>
              ) : (
                <ul className="week-list-items">
                  {d.items.map((o) => (
                    <li key={`${o.show.id}-${o.start.getTime()}`}>
                      <ShowCard {...cardProps(o)} compact />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
