import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { eventsQuery } from './api';
import { upcomingEvents } from './upcoming-events';

const EVENT_PLACEHOLDERS = 6;

/** The schedule's Events tab (watzhott only): a compact list; /events has the full cards. */
export function ScheduleEvents() {
  const events = useQuery(eventsQuery());
  if (events.isPending) return <Placeholders count={EVENT_PLACEHOLDERS} />;
  if (events.isLoadingError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  const upcoming = upcomingEvents(events.data, new Date());
  if (upcoming.length === 0) {
    return (
      <EmptyState title="No Upcoming Events">
        <p>New events are announced here first.</p>
      </EmptyState>
    );
  }
  const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return (
    <section className="schedule-events" aria-label="Events">
      <ul className="schedule-event-list">
        {upcoming.map((e) => (
          <li key={e.id} className="schedule-event">
            <time dateTime={e.startIso}>{when.format(new Date(e.startIso))}</time>
            <strong>{e.title}</strong>
            {e.locationText && <span className="muted">{e.locationText}</span>}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/events">See all events</Link>
      </p>
    </section>
  );
}
