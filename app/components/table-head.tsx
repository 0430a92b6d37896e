import type { ReactNode } from 'react';

/** A table's column headings, each scoped to its column for screen readers. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((heading, i) => (
          <th key={i} scope="col">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
