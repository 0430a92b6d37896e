import { lazy, Suspense } from 'react';
import type { ReminderButtonProps } from './reminder-button';

/**
 * The reminder code (the button, the store, the push API) is its own chunk, fetched when the
 * week's cards first render and left out of the service worker's precache (vite.config.ts):
 * a listener who never sets a reminder never downloads it, and offline, where no reminder can
 * be set, the cards show no button rather than fail.
 */
const Loaded = lazy(() => import('./reminder-button').catch(() => ({ default: (_: ReminderButtonProps) => null })));

export function ReminderButton(props: ReminderButtonProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
