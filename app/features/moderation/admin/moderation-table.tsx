import type { ReactNode } from 'react';
import { claimLaterTaps } from '../../../lib/player/first-tap/taps-later';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface ModerationTableProps<T extends { id: string }> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  actions: (row: T) => ReactNode;
  /** Rows that can be selected for a bulk action: which are, how to toggle, each row's name. */
  selection?: { selected: ReadonlySet<string>; toggle: (id: string) => void; label: (row: T) => string };
}

/**
 * A table on wide screens; on phones the same rows become labelled cards (CSS only, issue 4).
 * A row's box ticked before the app has hydrated a page the server drew is held and ticked by
 * the app (`data-after-start`, docs/server-render.md "A moderator's page").
 * The roles are spelled out because a table whose rows are restyled as blocks loses its
 * implicit table semantics in some browsers.
 */
export function ModerationTable<T extends { id: string }>({ caption, columns, rows, actions, selection }: ModerationTableProps<T>) {
  return (
    <table className="mod-table" role="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr role="row">
          {selection && (
            <th role="columnheader" scope="col">
              <span className="visually-hidden">Select</span>
            </th>
          )}
          {columns.map((c) => (
            <th key={c.header} role="columnheader" scope="col">
              {c.header}
            </th>
          ))}
          <th role="columnheader" scope="col">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} role="row" data-testid="moderation-row" aria-selected={selection ? selection.selected.has(row.id) : undefined}>
            {selection && (
              <td role="cell" data-label="Select" className="mod-cell-select">
                <input
                  type="checkbox"
                  data-after-start=""
                  ref={claimLaterTaps}
                  aria-label={`Select ${selection.label(row)}`}
                  checked={selection.selected.has(row.id)}
                  onChange={() => selection.toggle(row.id)}
                />
              </td>
            )}
            {columns.map((c, i) => (
              <td key={c.header} role="cell" data-label={c.header} className={i === 0 ? 'mod-cell-lead' : undefined}>
                {c.cell(row)}
              </td>
            ))}
            <td role="cell" data-label="Actions" className="mod-cell-actions">
              <div className="mod-actions">{actions(row)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
