import { useState, type ReactNode } from 'react';
import { QueryList, type ListQuery, type QueryListProps } from './query-list';
import { Placeholders } from './states';
import './admin-list-page.css';

type AdminListProps<T> = Omit<QueryListProps<T>, 'loading' | 'items'> & {
  /** The list's query: its states, and the items once they are in. */
  query: ListQuery & { data: readonly T[] | undefined };
  /** The class of the placeholder rows shown while the list loads. */
  placeholderClassName: string;
  /** How many placeholder rows: three unless the screen's list is usually shorter. */
  placeholders?: number;
};

/** An admin screen's list of a query's items in its states, with placeholder rows while it loads. */
export function AdminList<T>({ placeholderClassName, placeholders = 3, ...props }: AdminListProps<T>) {
  return <QueryList {...props} items={props.query.data} loading={<Placeholders count={placeholders} className={placeholderClassName} />} />;
}

interface AdminListPageProps<T extends { id: string }> {
  /** The section's own class, for the screen's styles. */
  className: string;
  headingId: string;
  title: string;
  description: ReactNode;
  addLabel: string;
  /** The list's query: its states, and the items once they are in. */
  query: ListQuery & { data: readonly T[] | undefined };
  emptyTitle: string;
  emptyText: ReactNode;
  listLabel: string;
  /** The order the list is shown in, when not the server's. */
  sort?: (items: readonly T[]) => readonly T[];
  /** The editor: a new item's (undefined) or an item's in place of its row. */
  form: (item: T | undefined, onDone: () => void) => ReactNode;
  row: (item: T, onEdit: () => void) => ReactNode;
}

/**
 * An admin screen that lists a resource and edits it in place: a heading with its add button,
 * the new item's form under it, and each row swapped for its form while it is edited. One form
 * is open at a time ('new', an item's id, or none), which keeps a phone screen readable.
 */
export function AdminListPage<T extends { id: string }>({ className, headingId, title, description, addLabel, listLabel, sort, form, row, ...list }: AdminListPageProps<T>) {
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => setEditing(null);
  return (
    <section className={className} aria-labelledby={headingId}>
      <header className="admin-list-header">
        <h1 id={headingId}>{title}</h1>
        <p className="muted">{description}</p>
        {editing !== 'new' && (
          <button type="button" className="admin-list-add" onClick={() => setEditing('new')}>
            {addLabel}
          </button>
        )}
      </header>
      {editing === 'new' && form(undefined, done)}
      <AdminList {...list} placeholderClassName="admin-list-placeholder">
        {(items) => (
          <ul className="admin-list" aria-label={listLabel}>
            {(sort ? sort(items) : items).map((item) => (
              <li key={item.id}>{editing === item.id ? form(item, done) : row(item, () => setEditing(item.id))}</li>
            ))}
          </ul>
        )}
      </AdminList>
    </section>
  );
}
