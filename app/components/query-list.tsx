import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from './states';

/** What QueryList reads of a TanStack query. */
export interface ListQuery {
  isPending: boolean;
  isLoadingError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryListProps<T> {
  query: ListQuery;
  /** What the page lists from the query's data; undefined until it has loaded. */
  items: readonly T[] | undefined;
  /** Shown while the query loads. */
  loading: ReactNode;
  /** The empty state's heading and sentence, in the page's own words. */
  emptyTitle: string;
  emptyText: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A page's list in its states: loading, failed (with a retry), empty, or the items. The
 * query tells the first two; the list drawn from its data tells the others. Only a first load
 * that failed is an error here: when asking again fails (a link that dropped, a kept page's
 * data refreshed offline) the list it had stays (docs/server-render.md, "Its data").
 */
export function QueryList<T>({ query, items, loading, emptyTitle, emptyText, children }: QueryListProps<T>) {
  if (query.isPending) return loading;
  if (query.isLoadingError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!items || items.length === 0) {
    return (
      <EmptyState title={emptyTitle}>
        <p>{emptyText}</p>
      </EmptyState>
    );
  }
  return children(items);
}
