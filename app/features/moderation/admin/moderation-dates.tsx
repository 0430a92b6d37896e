import { createContext, useContext } from 'react';
import { formatDate, formatDateTime } from './moderation-format';

/**
 * Whether a queue's dates are written in UTC: while the server renders the queue and while the
 * browser hydrates it, which must write the same (the server knows neither the admin's zone nor
 * their locale); in the admin's own right after (paged-queue.tsx, docs/server-render.md).
 */
export const DatesInUtc = createContext(false);

/** A submission's day. */
export function SubmittedDay({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso, useContext(DatesInUtc))}</time>;
}

/** A submission's day and time. */
export function SubmittedAt({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso, useContext(DatesInUtc))}</time>;
}
