import type { ReactNode } from 'react';

interface CardListProps<T> {
  items: readonly T[];
  className: string;
  /** Names the list for screen readers, where the page has several. */
  label?: string;
  /** The card of one item. */
  card: (item: T) => ReactNode;
}

/** Cards as a list: a list item each, keyed by the item's id. */
export function CardList<T extends { id: string }>({ items, className, label, card }: CardListProps<T>) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}
