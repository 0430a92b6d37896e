import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { activityQuery, peopleQuery } from '../api';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { formatWhen } from './people-format';
import './admin-people.css';

/** '/admin/activity' (docs/api.md, "Admins who are people"): who did what, newest first, paged, by person. */
export function ActivityPage({ person, onPersonChange }: { person: string | undefined; onPersonChange: (person: string | undefined) => void }) {
  const log = useInfiniteQuery(activityQuery(person));
  const people = useQuery(peopleQuery());

  let body;
  if (log.isPending) body = <Placeholders count={3} className="people-placeholder" />;
  else if (log.isLoadingError) body = <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  else {
    const entries = log.data.pages.flatMap((p) => p.entries);
    body =
      entries.length === 0 ? (
        <EmptyState title="Nothing yet">
          <p>Approvals, deletions and changes appear here with who made them.</p>
        </EmptyState>
      ) : (
        <>
          <ol className="activity-list">
            {entries.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <strong>{e.actor.name}</strong> {e.summary}
                <small className="muted">
                  <time dateTime={e.at}>{formatWhen(e.at)}</time>
                </small>
              </li>
            ))}
          </ol>
          {log.hasNextPage && (
            <button type="button" className="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} aria-busy={log.isFetchingNextPage}>
              Show older
            </button>
          )}
        </>
      );
  }

  return (
    <section className="admin-people" aria-labelledby="activity-heading">
      <header>
        <h1 id="activity-heading">Activity</h1>
      </header>
      <label htmlFor="activity-person">Person</label>
      <select id="activity-person" value={person ?? ''} onChange={(e) => onPersonChange(e.target.value || undefined)}>
        <option value="">Everyone</option>
        <option value="key">admin key</option>
        {people.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {body}
    </section>
  );
}
