import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Artist } from '../../../../domain/artists';
import type { Event } from '../../../../domain/events';
import type { Prayer } from '../../../../domain/prayers';
import type { Shoutout } from '../../../../domain/shoutouts';
import type { Track } from '../../../../domain/tracks';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { BIO_PREVIEW_CHARS, PRAYER_PREVIEW_CHARS, countryName, formatDateTime, nameOrAnonymous, preview, tenantPageHref } from './moderation-format';
import { SubmittedAt, SubmittedDay as Submitted } from './moderation-dates';
import { ModerationTable, type Column } from './moderation-table';
import type { QueueView } from './paged-queue';
import { NewTabAction } from './row-actions';

// How each queue and the events list show their rows (docs/product.md#screens).

function Queue<T>({ query, empty, children }: { query: UseQueryResult<T[]>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <Placeholders count={3} className="mod-placeholder" />;
  if (query.isLoadingError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return <>{children(query.data)}</>;
}

export const artistQueue = (tenant: string): QueueView<Artist> => ({
  caption: 'Pending artist submissions',
  columns: [
    { header: 'Artist', cell: (a) => <strong>{a.name}</strong> },
    { header: 'Country', cell: (a) => countryName(a.countryCode) },
    { header: 'Bio', cell: (a) => <span title={a.bio}>{preview(a.bio, BIO_PREVIEW_CHARS)}</span> },
    { header: 'Submitted', cell: (a) => <Submitted iso={a.createdAt} /> },
  ],
  label: (a) => a.name,
  links: (a, name) => (
    <NewTabAction href={tenantPageHref(`/artists/${encodeURIComponent(a.id)}`, tenant)} label={`View ${name}`}>
      View
    </NewTabAction>
  ),
});

export const TRACK_QUEUE: QueueView<Track> = {
  caption: 'Pending track submissions',
  columns: [
    { header: 'Title', cell: (t) => <strong>{t.title}</strong> },
    { header: 'Genre', cell: (t) => t.genre },
    {
      header: 'Explicit',
      cell: (t) => (t.explicit ? <span className="mod-badge mod-badge-explicit">Explicit</span> : <span className="muted">No</span>),
    },
    { header: 'Submitted', cell: (t) => <Submitted iso={t.createdAt} /> },
  ],
  label: (t) => t.title,
  links: (t, title) =>
    t.fileUrl && (
      <NewTabAction href={t.fileUrl} label={`Play ${title}`}>
        Play
      </NewTabAction>
    ),
};

export const PRAYER_QUEUE: QueueView<Prayer> = {
  caption: 'Pending prayer requests',
  columns: [
    { header: 'Prayer', cell: (p) => <span title={p.text}>{preview(p.text, PRAYER_PREVIEW_CHARS)}</span> },
    { header: 'Name', cell: (p) => nameOrAnonymous(p.nameOptional) },
    { header: 'Date', cell: (p) => <Submitted iso={p.createdAt} /> },
  ],
  label: (p) => `prayer from ${nameOrAnonymous(p.nameOptional)}: ${preview(p.text, 30)}`,
};

export const SHOUTOUT_QUEUE: QueueView<Shoutout> = {
  caption: 'Pending shoutouts',
  columns: [
    { header: 'Name', cell: (s) => <strong>{nameOrAnonymous(s.nameOptional)}</strong> },
    { header: 'Audio', cell: (s) => (s.audioUrl ? 'Available' : 'No audio') },
    { header: 'Date', cell: (s) => <SubmittedAt iso={s.createdAt} /> },
  ],
  label: (s, utc) => `shoutout from ${nameOrAnonymous(s.nameOptional)}, ${formatDateTime(s.createdAt, utc)}`,
  links: (s, subject) =>
    s.audioUrl && (
      <NewTabAction href={s.audioUrl} label={`Play ${subject}`}>
        Play
      </NewTabAction>
    ),
};

const EVENT_COLUMNS: Column<Event>[] = [
  { header: 'Event', cell: (e) => <strong>{e.title}</strong> },
  { header: 'Date', cell: (e) => <SubmittedAt iso={e.startIso} /> },
  { header: 'Location', cell: (e) => e.locationText || <span className="muted">—</span> },
  {
    header: 'Visibility',
    cell: (e) => <span className={`mod-badge ${e.isPublic ? 'mod-badge-public' : 'mod-badge-private'}`}>{e.isPublic ? 'Public' : 'Private'}</span>,
  },
];

export function EventList({ query, tenant }: { query: UseQueryResult<Event[]>; tenant: string }) {
  return (
    <Queue query={query} empty="No events found">
      {(rows) => (
        <ModerationTable
          caption="Events"
          columns={EVENT_COLUMNS}
          rows={rows}
          actions={(e) => (
            <>
              {/* Private events are not on the public page, so there is nothing to view there. */}
              {e.isPublic && (
                <NewTabAction href={tenantPageHref('/events', tenant)} label={`View ${e.title}`}>
                  View
                </NewTabAction>
              )}
              {e.ticketUrl && (
                <NewTabAction href={e.ticketUrl} label={`Tickets for ${e.title}`}>
                  Tickets
                </NewTabAction>
              )}
            </>
          )}
        />
      )}
    </Queue>
  );
}
