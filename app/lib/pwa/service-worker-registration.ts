import { Workbox } from 'workbox-window';
import { whenIdle } from '../when-idle';

export interface RegistrationHooks {
  /** A new worker is installed and waits for the listener's consent. */
  onWaiting(): void;
  /** Whether the listener accepted the waiting worker (the page then reloads under it). */
  updateAccepted(): boolean;
}

/**
 * The registration itself, with workbox-window: its own chunk, fetched once the page has
 * settled (service-worker.ts), so none of it is part of the first screen's bytes.
 */
export function register(hooks: RegistrationHooks): Workbox {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => hooks.onWaiting());
  // Once the new worker the listener accepted controls the page, load the new build. (The
  // first install also takes control, through clients.claim, and needs no reload: the app's
  // scripts, now in the worker's cache, then run once more so the next visit finds their
  // compiled code cached, app/lib/pwa/code-cache-warm-up.ts.)
  wb.addEventListener('controlling', (event) => {
    if (hooks.updateAccepted()) window.location.reload();
    else if (!event.isUpdate) whenIdle(() => void import('./code-cache-warm-up').then((m) => m.warmCodeCache()));
  });
  // A blocked or failing registration leaves the app working online, as before.
  void wb.register().catch(() => {});
  return wb;
}
