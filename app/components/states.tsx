import type { ReactNode } from 'react';

/** n loading placeholders (docs/product.md#limits-and-constants gives the counts per screen). */
export function Placeholders({ count, className = 'card-placeholder' }: { count: number; className?: string }) {
  return (
    <div className="grid-cards" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`placeholder ${className}`} data-testid="placeholder" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="empty-state">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <section className="error-state" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </section>
  );
}
