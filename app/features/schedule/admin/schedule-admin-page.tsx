import { useQuery } from '@tanstack/react-query';
import type { Show } from '../../../../domain/shows';
import { AdminListPage } from '../../../components/admin-list-page';
import { useToast } from '../../../components/toasts';
import { adminSettingsQuery } from '../../settings/api';
import { adminShowsQuery, useRemoveShow } from '../api';
import { describeDays, runsPastMidnight, sortShows, stationZone } from './show-fields';
import { ShowForm } from './show-form';
import './admin-schedule.css';
import { failureMessage } from '../../../components/form/failure';

/** Schedule admin (docs/product.md): the tenant's weekly shows, add / edit / remove. */
export function ScheduleAdminPage() {
  const shows = useQuery(adminShowsQuery());
  const settings = useQuery(adminSettingsQuery());
  const zone = stationZone(settings.data);

  return (
    <AdminListPage
      className="admin-schedule"
      headingId="schedule-admin-heading"
      title="Schedule Management"
      description={
        <>
          Weekly shows, in station time (<strong>{zone}</strong>).
        </>
      }
      addLabel="Add Show"
      query={shows}
      emptyTitle="No Shows Yet"
      emptyText="Add the first show of the week; it appears on the public schedule."
      listLabel="Weekly shows"
      sort={sortShows}
      form={(show, onDone) => <ShowForm show={show} zone={zone} onDone={onDone} />}
      row={(show, onEdit) => <ShowItem show={show} onEdit={onEdit} />}
    />
  );
}

function ShowItem({ show, onEdit }: { show: Show; onEdit: () => void }) {
  const { toast } = useToast();
  const remove = useRemoveShow();

  const onRemove = () => {
    if (!window.confirm(`Remove "${show.title}" from the schedule?`)) return;
    // mutateAsync, not mutate's callbacks: the row unmounts once the lists refetch without
    // it, and the admin must still hear that it went.
    remove.mutateAsync(show.id).then(
      () => toast({ title: 'Show Removed', description: `"${show.title}" is no longer on the schedule.` }),
      (err: unknown) => toast({ title: 'Remove Failed', description: failureMessage(err), variant: 'destructive' }),
    );
  };

  return (
    <article className="admin-list-row" data-testid="admin-show">
      <h2 className="admin-list-row-title">{show.title}</h2>
      <p className="admin-list-row-when">
        <span>{describeDays(show.days)}</span> · <span>
          {show.startTime} – {show.endTime}
        </span>
        {runsPastMidnight(show) && <span className="muted"> (ends the next day)</span>}
      </p>
      {show.description && <p className="admin-list-row-description">{show.description}</p>}
      <div className="admin-list-row-actions">
        <button type="button" className="outline" onClick={onEdit} aria-label={`Edit ${show.title}`}>
          Edit
        </button>
        <button
          type="button"
          className="outline secondary"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          aria-label={`Remove ${show.title}`}
        >
          Remove
        </button>
      </div>
    </article>
  );
}
