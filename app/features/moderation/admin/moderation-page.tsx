import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery, useQueryClient, useIsFetching, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { Artist } from '../../../../domain/artists';
import type { Event } from '../../../../domain/events';
import type { Prayer } from '../../../../domain/prayers';
import type { Shoutout } from '../../../../domain/shoutouts';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents, tenantHasPrayers } from '../../../../domain/tenants';
import type { Track } from '../../../../domain/tracks';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { adminEventsQuery } from '../../events/api';
import { currentTenant } from '../../../lib/tenant';
import { moderationQueueQuery, queueKeys, tenantQueues, type AdminPage } from '../api';
import type { ModeratedKind } from './moderation-actions';
import { countOf, useBulkModeration, type BulkAction } from './use-bulk-moderation';
import {
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
import { chatReviewQuery } from '../../chat/api';

// The chat's held and reported messages (docs/product.md "Live chat"), fetched when the tab opens.
const ChatReview = lazy(() => import('../../chat/admin/chat-review'));

interface ModerationPageProps {
  /** From the URL, so a reload or a shared link keeps the queue the admin was on. */
  tab: string | undefined;
  onTabChange: (tab: ModerationTab) => void;
}

/** 'Content Moderation' (docs/product.md#screens): the pending badge, five tabs, a queue per tab. */
export function ModerationPage({ tab, onTabChange }: ModerationPageProps) {
  const tenant = currentTenant();
  const queryClient = useQueryClient();
  const tabs = visibleTabs(tenant);
  const current = selectedTab(tab, tabs);
  const tabRefs = useRef(new Map<ModerationTab, HTMLButtonElement>());

  const artists = useInfiniteQuery(moderationQueueQuery<Artist>('artists'));
  const tracks = useInfiniteQuery(moderationQueueQuery<Track>('tracks'));
  // Caribbean only: elsewhere /api/prayers* answers 404, so it is never asked.
  const prayers = useInfiniteQuery(moderationQueueQuery<Prayer>('prayers', tenantQueues(tenant).includes('prayers')));
  const shoutouts = useInfiniteQuery(moderationQueueQuery<Shoutout>('shoutouts'));
  const events = useQuery(adminEventsQuery());
  const chat = useQuery(chatReviewQuery());
  const refreshing = useIsFetching({ queryKey: queueKeys.all() }) > 0 || events.isFetching;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queueKeys.all() }),
      queryClient.invalidateQueries({ queryKey: adminEventsQuery().queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: chatReviewQuery().queryKey, exact: true }),
    ]);

  // The true pending counts: the server counts the whole queue (X-Total-Count), however few rows are loaded.
  const counts: Record<ModerationTab, number | undefined> = {
    artists: pendingCount(artists),
    tracks: pendingCount(tracks),
    prayers: tenantHasPrayers(tenant) ? pendingCount(prayers) : undefined,
    shoutouts: pendingCount(shoutouts),
    chat: chat.data?.length,
    events: undefined,
  };
  const total = pendingTotal([counts.artists, counts.tracks, counts.prayers, counts.shoutouts, counts.chat]);

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
        {current === 'artists' && <PagedQueue kind="artists" query={artists} view={artistQueue(tenant)} />}
        {current === 'tracks' && <PagedQueue kind="tracks" query={tracks} view={TRACK_QUEUE} />}
        {current === 'prayers' && <PagedQueue kind="prayers" query={prayers} view={PRAYER_QUEUE} />}
        {current === 'shoutouts' && <PagedQueue kind="shoutouts" query={shoutouts} view={SHOUTOUT_QUEUE} />}
        {current === 'chat' && (
          <Suspense fallback={<Placeholders count={3} className="mod-placeholder" />}>
            <ChatReview />
          </Suspense>
        )}
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

type QueueQuery<T> = UseInfiniteQueryResult<InfiniteData<AdminPage<T>>>;

function pendingCount<T>(query: QueueQuery<T>): number | undefined {
  const first = query.data?.pages[0];
  return first ? (first.total ?? first.rows.length) : undefined;
}

function Queue<T>({ query, empty, children }: { query: UseQueryResult<T[]>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <Placeholders count={3} className="mod-placeholder" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return <>{children(query.data)}</>;
}

/** How a queue shows its rows. */
interface QueueView<T> {
  /** The table's caption; the empty queue says 'No ' and the same words. */
  caption: string;
  columns: readonly Column<T>[];
  /** How a row is named to a screen reader and in its buttons ('prayer from Anonymous: …'). */
  label: (row: T) => string;
  /** Links opened beside the approve and reject buttons (View, Play), given the row's label. */
  links?: (row: T, label: string) => ReactNode;
}

/**
 * A moderation queue loaded 25 rows at a time ('Load more'), whose rows can be selected and
 * rejected or deleted together: an admin clears a flood of spam in a few taps a page.
 */
function PagedQueue<T extends { id: string }>({ kind, query, view }: { kind: ModeratedKind; query: QueueQuery<T>; view: QueueView<T> }) {
  const { caption, columns, label, links } = view;
  const loaded = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  // Rows rejected or deleted together leave the screen at the tap, not a request per row and a
  // refetch later (seconds on a phone's network, bench/moderation.mjs); one that fails comes
  // back, still selected, with the toast saying why.
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => (leaving.size === 0 ? loaded : loaded.filter((r) => !leaving.has(r.id))), [loaded, leaving]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only rows still on screen count as selected (a refetch may have taken some away).
  const selected = useMemo(() => new Set(rows.filter((r) => picked.has(r.id)).map((r) => r.id)), [rows, picked]);
  const bulk = useBulkModeration(kind, (failed) => {
    setPicked(new Set(failed));
    setLeaving((prev) => new Set([...prev].filter((id) => !failed.includes(id))));
  });
  const { error, isFetchNextPageError } = query;

  if (query.isPending) return <Placeholders count={3} className="mod-placeholder" />;
  // A failed 'Load more' keeps the rows already shown; only a failed first page replaces them.
  if (rows.length === 0 && error) return <ErrorState error={error} onRetry={() => void query.refetch()} />;
  // Every loaded row on its way out: the next ones come with the refetch.
  if (rows.length === 0 && loaded.length > 0) return <Placeholders count={3} className="mod-placeholder" />;
  if (rows.length === 0) return <EmptyState title={`No ${caption.toLowerCase()}`} />;

  // The server's count, less the rows on their way out.
  const total = (query.data?.pages[0]?.total ?? loaded.length) - (loaded.length - rows.length);
  const allSelected = selected.size === rows.length;
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const run = (action: BulkAction) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (action === 'delete' && !window.confirm(`Delete ${countOf(kind, ids.length)}? This cannot be undone; their uploaded files are deleted too.`)) return;
    setLeaving((prev) => new Set([...prev, ...ids]));
    setPicked(new Set());
    bulk.mutate({ action, ids });
  };
  const busyWith = bulk.isPending ? bulk.variables?.action : undefined;
  const actions = (row: T) => (
    <>
      {links?.(row, label(row))}
      <ModerateButtons kind={kind} id={row.id} subject={label(row)} />
    </>
  );

  return (
    <>
      <div className="mod-bulk" role="group" aria-label={`Bulk actions: ${caption.toLowerCase()}`}>
        <label>
          <input type="checkbox" checked={allSelected} disabled={bulk.isPending} onChange={() => setPicked(allSelected ? new Set() : new Set(rows.map((r) => r.id)))} />
          Select all shown
        </label>
        <span aria-live="polite">{selected.size} selected</span>
        <button type="button" className="mod-btn secondary outline" disabled={selected.size === 0 || bulk.isPending} aria-busy={busyWith === 'reject'} onClick={() => run('reject')}>
          Reject selected
        </button>
        <button type="button" className="mod-btn mod-delete" disabled={selected.size === 0 || bulk.isPending} aria-busy={busyWith === 'delete'} onClick={() => run('delete')}>
          Delete selected
        </button>
      </div>
      <ModerationTable caption={caption} columns={columns} rows={rows} actions={actions} selection={{ selected, toggle, label }} />
      <p className="mod-shown muted">
        Showing {rows.length} of {total}
      </p>
      {query.hasNextPage && (
        <button type="button" className="mod-more outline" aria-busy={query.isFetchingNextPage} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </button>
      )}
      {isFetchNextPageError && error && <ErrorState error={error} onRetry={() => void query.fetchNextPage()} />}
    </>
  );
}

const Submitted = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

const artistQueue = (tenant: string): QueueView<Artist> => ({
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

const TRACK_QUEUE: QueueView<Track> = {
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

const PRAYER_QUEUE: QueueView<Prayer> = {
  caption: 'Pending prayer requests',
  columns: [
    { header: 'Prayer', cell: (p) => <span title={p.text}>{preview(p.text, PRAYER_PREVIEW_CHARS)}</span> },
    { header: 'Name', cell: (p) => nameOrAnonymous(p.nameOptional) },
    { header: 'Date', cell: (p) => <Submitted iso={p.createdAt} /> },
  ],
  label: (p) => `prayer from ${nameOrAnonymous(p.nameOptional)}: ${preview(p.text, 30)}`,
};

const SHOUTOUT_QUEUE: QueueView<Shoutout> = {
  caption: 'Pending shoutouts',
  columns: [
    { header: 'Name', cell: (s) => <strong>{nameOrAnonymous(s.nameOptional)}</strong> },
    { header: 'Audio', cell: (s) => (s.audioUrl ? 'Available' : 'No audio') },
    { header: 'Date', cell: (s) => <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time> },
  ],
  label: (s) => `shoutout from ${nameOrAnonymous(s.nameOptional)}, ${formatDateTime(s.createdAt)}`,
  links: (s, subject) =>
    s.audioUrl && (
      <NewTabAction href={s.audioUrl} label={`Play ${subject}`}>
        Play
      </NewTabAction>
    ),
};

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
