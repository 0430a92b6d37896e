import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { useDeferredMount } from '../../../lib/use-deferred-mount';
import { claimLaterTaps } from '../../../lib/player/first-tap/taps-later';
import { renderingWholePage } from '../../../lib/server-render';
import { DatesInUtc } from './moderation-dates';
import { moderationQueueQuery, type AdminPage } from '../api';
import type { ModeratedKind } from './moderation-actions';
import { ModerationTable, type Column } from './moderation-table';
import { ModerateButtons } from './row-actions';
import { countOf, useBulkModeration, type BulkAction } from './use-bulk-moderation';

/**
 * The rows drawn with the tap, the rest in a background render right after: a phone's cards
 * (moderation.css, 640 px wide and under) are 240-320 px tall, so three fill an 823-px screen
 * and the first frame of a tab switch lays out half as many as six did (docs/performance.md,
 * "Moderating from a phone"); a desktop's table rows are ~50 px.
 */
const firstScreenRows = (): number => (window.matchMedia('(max-width: 640px)').matches ? PHONE_FIRST_ROWS : 6);
const PHONE_FIRST_ROWS = 3;

export type QueueQuery<T> = UseInfiniteQueryResult<InfiniteData<AdminPage<T>>>;

export function pendingCount<T>(query: QueueQuery<T>): number | undefined {
  const first = query.data?.pages[0];
  return first ? (first.total ?? first.rows.length) : undefined;
}

/** How a queue shows its rows. */
export interface QueueView<T> {
  /** The table's caption; the empty queue says 'No ' and the same words. */
  caption: string;
  columns: readonly Column<T>[];
  /** How a row is named to a screen reader and in its buttons ('prayer from Anonymous: …'); a date in it in UTC when `utc` (moderation-dates.tsx). */
  label: (row: T, utc: boolean) => string;
  /** Links opened beside the approve and reject buttons (View, Play), given the row's label. */
  links?: (row: T, label: string) => ReactNode;
}

/**
 * A moderation queue loaded 25 rows at a time ('Load more'), whose rows can be selected and
 * rejected or deleted together: an admin clears a flood of spam in a few taps a page. It reads
 * its own rows, so a queue drawn once needs nothing from the page's later renders.
 */
export function PagedQueue<T extends { id: string }>({ kind, view }: { kind: ModeratedKind; view: QueueView<T> }) {
  const query = useInfiniteQuery(moderationQueueQuery<T>(kind));
  const { caption, columns, links } = view;
  // A queue the server rendered (docs/server-render.md, "A moderator's page") is drawn there
  // and hydrated as a phone's first screen, its dates in UTC (moderation-dates.tsx); the rest
  // of its rows, and the admin's own dates, come right after.
  const [serverDrawn] = useState(renderingWholePage);
  const loaded = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  // Rows rejected or deleted together leave the screen at the tap, not a request per row and a
  // refetch later (seconds on a phone's network, bench/moderation.mjs); one that fails comes
  // back, still selected, with the toast saying why.
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const kept = useMemo(() => (leaving.size === 0 ? loaded : loaded.filter((r) => !leaving.has(r.id))), [loaded, leaving]);
  // A screen's worth of cards at once and the rest in a background render (app/lib/use-deferred-mount.ts),
  // as the public pages draw theirs: opening a tab, or the page, drew and laid out all 25 cards
  // in the tap's task (bench/moderation.mjs). The rows on screen are all the actions act on.
  // Drawn in steps on the server and while hydrating too (`clientOnly`): 25 cards in the page
  // were its parse and layout before the first paint, and one long hydration after it.
  const restDrawn = useDeferredMount({ clientOnly: true });
  const firstRows = useMemo(() => (serverDrawn ? PHONE_FIRST_ROWS : firstScreenRows()), [serverDrawn]);
  // The background render that draws the rest is after the hydration: the admin's own dates then.
  const utc = serverDrawn && !restDrawn;
  const label = (row: T) => view.label(row, utc);
  const rows = restDrawn || kept.length <= firstRows ? kept : kept.slice(0, firstRows);
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
  const total = (query.data?.pages[0]?.total ?? loaded.length) - (loaded.length - kept.length);
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
          <input
            type="checkbox"
            data-after-start=""
            ref={claimLaterTaps}
            checked={allSelected}
            disabled={bulk.isPending}
            onChange={() => setPicked(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
          />
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
      <DatesInUtc value={utc}>
        <ModerationTable caption={caption} columns={columns} rows={rows} actions={actions} selection={{ selected, toggle, label }} />
      </DatesInUtc>
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
