import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { Artist } from '../../../domain/artists';
import type { Event } from '../../../domain/events';
import type { Prayer } from '../../../domain/prayers';
import type { Shoutout } from '../../../domain/shoutouts';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents, tenantHasPrayers } from '../../../domain/tenants';
import type { Track } from '../../../domain/tracks';
import { EmptyState, ErrorState, Placeholders } from '../../components/states';
import { adminArtistsQuery } from '../../api/artists';
import { adminEventsQuery } from '../../api/events';
import { adminPrayersQuery } from '../../api/prayers';
import { adminShoutoutsQuery } from '../../api/shoutouts';
import { adminTracksQuery } from '../../api/tracks';
import { currentTenant } from '../../lib/tenant';
import {
  awaitingReview,
  BIO_PREVIEW_CHARS,
  PRAYER_PREVIEW_CHARS,
  countryName,
  formatDate,
  formatDateTime,
  nameOrAnonymous,
  pendingTotal,
  pendingTracks,
  preview,
  tenantPageHref,
} from './moderation-format';
import { ModerationTable, type Column } from './moderation-table';
import { selectedTab, tabAfterKey, tabLabel, visibleTabs, type ModerationTab } from './moderation-tabs';
import { ModerateButtons, NewTabAction } from './row-actions';
import './moderation.css';

interface ModerationPageProps {
  /** From the URL, so a reload or a shared link keeps the queue the admin was on. */
  tab: string | undefined;
  onTabChange: (tab: ModerationTab) => void;
}

/** 'Content Moderation' (spec.md §2): the pending badge, five tabs, a queue per tab. */
export function ModerationPage({ tab, onTabChange }: ModerationPageProps) {
  const tenant = currentTenant();
  const queryClient = useQueryClient();
  const tabs = visibleTabs(tenant);
  const current = selectedTab(tab, tabs);
  const tabRefs = useRef(new Map<ModerationTab, HTMLButtonElement>());

  // The resources' own admin queries (the dashboard shares them), so a change made here or
  // there refreshes both; each queue keeps the rows still waiting for review.
  const queues = [
    adminArtistsQuery({ approved: false }),
    adminTracksQuery(),
    adminPrayersQuery({ approved: false }),
    adminShoutoutsQuery({ approved: false }),
    adminEventsQuery(),
  ] as const;
  const artists = useQuery({ ...queues[0], select: awaitingReview });
  const tracks = useQuery({ ...queues[1], select: pendingTracks });
  const prayers = useQuery({ ...queues[2], select: awaitingReview });
  const shoutouts = useQuery({ ...queues[3], select: awaitingReview });
  const events = useQuery(queues[4]);
  const refreshing = [artists, tracks, prayers, shoutouts, events].some((q) => q.isFetching);
  const refresh = () => Promise.all(queues.map((q) => queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true })));

  const counts: Record<ModerationTab, number | undefined> = {
    artists: artists.data?.length,
    tracks: tracks.data?.length,
    prayers: tenantHasPrayers(tenant) ? prayers.data?.length : undefined,
    shoutouts: shoutouts.data?.length,
    events: undefined,
  };
  const total = pendingTotal([counts.artists, counts.tracks, counts.prayers, counts.shoutouts]);

  const select = (next: ModerationTab, focus = false) => {
    onTabChange(next);
    if (focus) tabRefs.current.get(next)?.focus();
  };
  const onTabKey = (e: KeyboardEvent) => {
    const next = tabAfterKey(e.key, current, tabs);
    if (!next) return;
    e.preventDefault();
    select(next, true);
  };

  return (
    <section className="admin-moderation" aria-labelledby="moderation-heading">
      <header className="mod-header">
        <h1 id="moderation-heading">Content Moderation</h1>
        <span className="mod-pending-badge" data-testid="pending-badge">
          {total} pending
        </span>
        <button
          type="button"
          className="outline secondary mod-refresh"
          aria-busy={refreshing}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          Refresh
        </button>
      </header>

      <div className="mod-tabs" role="tablist" aria-label="Moderation queues" style={{ '--mod-tab-count': tabs.length } as CSSProperties}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              if (el) tabRefs.current.set(t, el);
              else tabRefs.current.delete(t);
            }}
            type="button"
            role="tab"
            id={`mod-tab-${t}`}
            aria-selected={t === current}
            aria-controls={`mod-panel-${t}`}
            tabIndex={t === current ? 0 : -1}
            className={t === current ? 'mod-tab' : 'mod-tab outline secondary'}
            onClick={() => select(t)}
            onKeyDown={onTabKey}
          >
            {tabLabel(t, counts[t])}
          </button>
        ))}
      </div>

      <div className="mod-panel" role="tabpanel" id={`mod-panel-${current}`} aria-labelledby={`mod-tab-${current}`}>
        {current === 'artists' && <ArtistQueue query={artists} tenant={tenant} />}
        {current === 'tracks' && <TrackQueue query={tracks} />}
        {current === 'prayers' && <PrayerQueue query={prayers} />}
        {current === 'shoutouts' && <ShoutoutQueue query={shoutouts} />}
        {current === 'events' &&
          (tenantHasEvents(tenant) ? (
            <>
              <p className="mod-note">
                Events need no review. Add, edit or remove them on the <Link to="/admin/events">Events page</Link>.
              </p>
              <EventList query={events} tenant={tenant} />
            </>
          ) : (
            <EmptyState title="No events found">
              <p>{EVENTS_UNAVAILABLE_MESSAGE}</p>
            </EmptyState>
          ))}
      </div>
    </section>
  );
}

function Queue<T>({ query, empty, children }: { query: UseQueryResult<T[]>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <Placeholders count={3} className="mod-placeholder" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return <>{children(query.data)}</>;
}

const Submitted = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

const ARTIST_COLUMNS: Column<Artist>[] = [
  { header: 'Artist', cell: (a) => <strong>{a.name}</strong> },
  { header: 'Country', cell: (a) => countryName(a.countryCode) },
  { header: 'Bio', cell: (a) => <span title={a.bio}>{preview(a.bio, BIO_PREVIEW_CHARS)}</span> },
  { header: 'Submitted', cell: (a) => <Submitted iso={a.createdAt} /> },
];

function ArtistQueue({ query, tenant }: { query: UseQueryResult<Artist[]>; tenant: string }) {
  return (
    <Queue query={query} empty="No pending artist submissions">
      {(rows) => (
        <ModerationTable
          caption="Pending artist submissions"
          columns={ARTIST_COLUMNS}
          rows={rows}
          actions={(a) => (
            <>
              <NewTabAction href={tenantPageHref(`/artists/${encodeURIComponent(a.id)}`, tenant)} label={`View ${a.name}`}>
                View
              </NewTabAction>
              <ModerateButtons kind="artists" id={a.id} subject={a.name} />
            </>
          )}
        />
      )}
    </Queue>
  );
}

const TRACK_COLUMNS: Column<Track>[] = [
  { header: 'Title', cell: (t) => <strong>{t.title}</strong> },
  { header: 'Genre', cell: (t) => t.genre },
  {
    header: 'Explicit',
    cell: (t) => (t.explicit ? <span className="mod-badge mod-badge-explicit">Explicit</span> : <span className="muted">No</span>),
  },
  { header: 'Submitted', cell: (t) => <Submitted iso={t.createdAt} /> },
];

function TrackQueue({ query }: { query: UseQueryResult<Track[]> }) {
  return (
    <Queue query={query} empty="No pending track submissions">
      {(rows) => (
        <ModerationTable
          caption="Pending track submissions"
          columns={TRACK_COLUMNS}
          rows={rows}
          actions={(t) => (
            <>
              {t.fileUrl && (
                <NewTabAction href={t.fileUrl} label={`Play ${t.title}`}>
                  Play
                </NewTabAction>
              )}
              <ModerateButtons kind="tracks" id={t.id} subject={t.title} />
            </>
          )}
        />
      )}
    </Queue>
  );
}

const PRAYER_COLUMNS: Column<Prayer>[] = [
  { header: 'Prayer', cell: (p) => <span title={p.text}>{preview(p.text, PRAYER_PREVIEW_CHARS)}</span> },
  { header: 'Name', cell: (p) => nameOrAnonymous(p.nameOptional) },
  { header: 'Date', cell: (p) => <Submitted iso={p.createdAt} /> },
];

function PrayerQueue({ query }: { query: UseQueryResult<Prayer[]> }) {
  return (
    <Queue query={query} empty="No pending prayer requests">
      {(rows) => (
        <ModerationTable
          caption="Pending prayer requests"
          columns={PRAYER_COLUMNS}
          rows={rows}
          actions={(p) => <ModerateButtons kind="prayers" id={p.id} subject={`prayer from ${nameOrAnonymous(p.nameOptional)}: ${preview(p.text, 30)}`} />}
        />
      )}
    </Queue>
  );
}

const SHOUTOUT_COLUMNS: Column<Shoutout>[] = [
  { header: 'Name', cell: (s) => <strong>{nameOrAnonymous(s.nameOptional)}</strong> },
  { header: 'Audio', cell: (s) => (s.audioUrl ? 'Available' : 'No audio') },
  { header: 'Date', cell: (s) => <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time> },
];

function ShoutoutQueue({ query }: { query: UseQueryResult<Shoutout[]> }) {
  return (
    <Queue query={query} empty="No pending shoutouts">
      {(rows) => (
        <ModerationTable
          caption="Pending shoutouts"
          columns={SHOUTOUT_COLUMNS}
          rows={rows}
          actions={(s) => {
            const subject = `shoutout from ${nameOrAnonymous(s.nameOptional)}, ${formatDateTime(s.createdAt)}`;
            return (
              <>
                {s.audioUrl && (
                  <NewTabAction href={s.audioUrl} label={`Play ${subject}`}>
                    Play
                  </NewTabAction>
                )}
                <ModerateButtons kind="shoutouts" id={s.id} subject={subject} />
              </>
            );
          }}
        />
      )}
    </Queue>
  );
}

const EVENT_COLUMNS: Column<Event>[] = [
  { header: 'Event', cell: (e) => <strong>{e.title}</strong> },
  { header: 'Date', cell: (e) => <time dateTime={e.startIso}>{formatDateTime(e.startIso)}</time> },
  { header: 'Location', cell: (e) => e.locationText || <span className="muted">—</span> },
  {
    header: 'Visibility',
    cell: (e) => <span className={`mod-badge ${e.isPublic ? 'mod-badge-public' : 'mod-badge-private'}`}>{e.isPublic ? 'Public' : 'Private'}</span>,
  },
];

function EventList({ query, tenant }: { query: UseQueryResult<Event[]>; tenant: string }) {
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
