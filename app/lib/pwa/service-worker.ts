import { Workbox } from 'workbox-window';
import { useSyncExternalStore } from 'react';

interface UpdateState {
  /** A new worker is installed and waiting for the listener's consent. */
  waiting: boolean;
}

let state: UpdateState = { waiting: false };
const listeners = new Set<() => void>();
let wb: Workbox | null = null;

function set(next: UpdateState) {
  state = next;
  listeners.forEach((l) => l());
}

/** Registers /sw.js (production builds only). The new worker waits for applyUpdate(). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => set({ waiting: true }));
  // Once the new worker controls the page, load the new build.
  wb.addEventListener('controlling', () => window.location.reload());
  void wb.register();
}

/** The listener agreed: let the waiting worker take over (the page reloads when it does). */
export function applyUpdate(): void {
  wb?.messageSkipWaiting();
}

export function useServiceWorkerUpdate(): UpdateState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
