import type { Workbox } from 'workbox-window';
import { useSyncExternalStore } from 'react';
import { createListeners } from '../listeners';
import { warmCodeCache } from './code-cache';
import { whenPageSettled } from './page-settled';

interface UpdateState {
  /** A new worker is installed and waiting for the listener's consent. */
  waiting: boolean;
}

let state: UpdateState = { waiting: false };
const listeners = createListeners();
let wb: Workbox | null = null;
let updateAccepted = false;

function set(next: UpdateState) {
  state = next;
  listeners.notify();
}

/**
 * Registers /sw.js (production builds only). The new worker waits for applyUpdate().
 * Only once the page has settled (its own requests quiet for 2 s after the load event, 10 s
 * at most): on a first visit the install downloads the whole shell, which competed with the
 * page's own images and data on a slow connection and with its start-up for the phone's CPU
 * (docs/performance.md). workbox-window is loaded then too, not with the first screen.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  await whenPageSettled();
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => set({ waiting: true }));
  // Once the new worker the listener accepted controls the page, load the new build. (The
  // first install also takes control, through clients.claim, and needs no reload: its precache
  // is done, so the app's code cache is made now, not on the next visit's start.)
  wb.addEventListener('controlling', (event) => {
    if (updateAccepted) window.location.reload();
    else if (!event.isUpdate) warmCodeCache();
  });
  // A blocked or failing registration leaves the app working online, as before.
  await wb.register().catch(() => {});
}

/** The listener agreed: let the waiting worker take over (the page reloads when it does). */
export function applyUpdate(): void {
  updateAccepted = true;
  wb?.messageSkipWaiting();
}

export function useServiceWorkerUpdate(): UpdateState {
  return useSyncExternalStore(listeners.subscribe, () => state, () => state);
}
