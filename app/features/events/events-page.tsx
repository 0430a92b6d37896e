import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents } from '../../../domain/tenants';
import { Placeholders } from '../../components/states';
import { QueryList } from '../../components/query-list';
import { eventsQuery } from './api';
import { upcomingEvents } from './upcoming-events';
import { useLowData } from '../../lib/low-data';
import { useSettings } from '../settings/api';
import { currentTenant } from '../../lib/tenant';
import { EventCard } from './event-card';
import { useEventStarts } from './event-starts';
import { EVENT_PLACEHOLDERS } from './events-pending';
import './events.css';

export function EventsPage() {
  if (!tenantHasEvents(currentTenant())) return <EventsNotAvailable />;
  return <EventsList />;
}

function EventsNotAvailable() {
  return (
    <section className="empty-state events-unavailable">
      <h1>Events Not Available</h1>
      <p>{EVENTS_UNAVAILABLE_MESSAGE}</p>
      <Link to="/" role="button">
        Back to Home
      </Link>
    </section>
  );
}

function EventsList() {
  const events = useQuery(eventsQuery());
  const [lowData] = useLowData();
  // The zone the server writes the starts in (event-starts.ts).
  const stationZone = useSettings().data?.timeZone ?? 'UTC';
  const upcoming = events.data && upcomingEvents(events.data, new Date());
  const startOf = useEventStarts(upcoming?.map((e) => e.startIso) ?? [], stationZone);

  return (
    <div className="events-page">
      <header>
        <h1>Upcoming Events</h1>
        <p className="muted">Fetes, concerts and showcases from across the Caribbean. Times are in your time zone.</p>
      </header>

      <QueryList
        query={events}
        items={upcoming}
        loading={<Placeholders count={EVENT_PLACEHOLDERS} />}
        emptyTitle="No Upcoming Events"
        emptyText="There are no events scheduled right now. Check back soon."
      >
        {(listed) => (
          <div className="grid-cards events-grid">
            {listed.map((e) => (
              <EventCard key={e.id} event={e} lowData={lowData} start={startOf(e.startIso)} />
            ))}
          </div>
        )}
      </QueryList>

      <article className="promote-event">
        <h2>Promote Your Event</h2>
        <p>Reach listeners across the Caribbean: feature your event on air and on this page.</p>
        <Link to="/sponsors/submit" role="button">
          Promote Your Event
        </Link>
      </article>
    </div>
  );
}
