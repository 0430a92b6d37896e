import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Event } from '../../../../domain/events';
import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents } from '../../../../domain/tenants';
import { EmptyState } from '../../../components/states';
import { AdminList } from '../../../components/admin-list-page';
import { useToast } from '../../../components/toasts';
import { Thumbnail } from '../../../components/thumbnail';
import { currentTenant } from '../../../lib/tenant';
import { adminEventsQuery, useRemoveEvent } from '../api';
import { adminSettingsQuery } from '../../settings/api';
import { EventForm } from './event-form';
import { splitUpcoming } from './event-fields';
import { formatPriceFrom } from '../upcoming-events';
import { formatStationTime } from './zoned-time';
import './admin-events.css';
import { failureMessage } from '../../../components/form/failure';

/** Events admin (docs/product.md): watzhott only; every event, private ones too; add / edit / remove. */
export function EventsAdminPage() {
  if (!tenantHasEvents(currentTenant())) {
    return (
      <section className="admin-events" aria-labelledby="events-admin-heading">
        <h1 id="events-admin-heading">Event Management</h1>
        <EmptyState title="Events Not Available">
          <p>{EVENTS_UNAVAILABLE_MESSAGE}</p>
        </EmptyState>
      </section>
    );
  }
  return <EventsManager />;
}

function EventsManager() {
  const events = useQuery(adminEventsQuery());
  const settings = useQuery(adminSettingsQuery());
  const zone = settings.data?.timeZone || DEFAULT_TIME_ZONE;
  // Starts are typed in station time: no form opens before the station's zone is known.
  const zoneKnown = !settings.isPending;
  const [editing, setEditing] = useState<string | null>(null);
  // Read once per render of the list; which events count as past needs no live clock.
  const now = Date.now();

  const renderList = (list: Event[], label: string) => (
    <ul className="evadmin-list" aria-label={label}>
      {list.map((event) => (
        <li key={event.id}>
          {editing === event.id ? (
            <EventForm event={event} zone={zone} onDone={() => setEditing(null)} />
          ) : (
            <EventItem event={event} zone={zone} canEdit={zoneKnown} onEdit={() => setEditing(event.id)} />
          )}
        </li>
      ))}
    </ul>
  );

  const renderLists = (all: readonly Event[]) => {
    const { upcoming, past } = splitUpcoming(all, now);
    return (
      <>
        {upcoming.length > 0 ? renderList(upcoming, 'Upcoming events') : <p className="muted">No upcoming events.</p>}
        {past.length > 0 && (
          <>
            <h2 className="evadmin-subheading">Past events</h2>
            {renderList(past, 'Past events')}
          </>
        )}
      </>
    );
  };

  return (
    <section className="admin-events" aria-labelledby="events-admin-heading">
      <header className="evadmin-header">
        <h1 id="events-admin-heading">Event Management</h1>
        <p className="muted">
          Times in station time (<strong>{zone}</strong>).
        </p>
        {editing !== 'new' && (
          <button type="button" className="evadmin-add" onClick={() => setEditing('new')} disabled={!zoneKnown}>
            Add Event
          </button>
        )}
      </header>
      {editing === 'new' && <EventForm zone={zone} onDone={() => setEditing(null)} />}
      <AdminList query={events} placeholderClassName="evadmin-placeholder" emptyTitle="No events found" emptyText="Add an event and it appears on the public events page.">
        {renderLists}
      </AdminList>
    </section>
  );
}

function EventItem({ event, zone, canEdit, onEdit }: { event: Event; zone: string; canEdit: boolean; onEdit: () => void }) {
  const { toast } = useToast();
  const remove = useRemoveEvent();
  const price = formatPriceFrom(event.priceFrom);

  const onRemove = () => {
    if (!window.confirm(`Remove the event "${event.title}"?`)) return;
    // mutateAsync, not mutate's callbacks: the row unmounts once the lists refetch without
    // it, and the admin must still hear that it went.
    remove.mutateAsync(event.id).then(
      () => toast({ title: 'Event Removed', description: `"${event.title}" is no longer listed.` }),
      (err: unknown) => toast({ title: 'Remove Failed', description: failureMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <article className="evadmin-event" data-testid="admin-event">
      <Thumbnail src={event.imageUrl} name={event.title} className="evadmin-thumb" letterClassName="evadmin-initial" width={96} height={54} />
      <div className="evadmin-body">
        <h2 className="evadmin-title">
          {event.title}{' '}
          <span className={`evadmin-badge ${event.isPublic ? 'is-public' : 'is-private'}`}>{event.isPublic ? 'Public' : 'Private'}</span>
        </h2>
        <p className="evadmin-when">
          <time dateTime={event.startIso}>{formatStationTime(event.startIso, zone)}</time>
        </p>
        {event.locationText && <p className="evadmin-where">{event.locationText}</p>}
        {price && <p className="evadmin-price">{price}</p>}
        <div className="evadmin-actions">
          <button type="button" className="outline" onClick={onEdit} disabled={!canEdit} aria-label={`Edit ${event.title}`}>
            Edit
          </button>
          {event.ticketUrl && (
            <a className="outline secondary" role="button" href={event.ticketUrl} target="_blank" rel="noopener" aria-label={`Tickets for ${event.title} (opens in a new tab)`}>
              Tickets
            </a>
          )}
          <button type="button" className="outline secondary" onClick={onRemove} disabled={remove.isPending} aria-busy={remove.isPending} aria-label={`Remove ${event.title}`}>
            Remove
          </button>
        </div>
      </div>
    </article>
  );
}
