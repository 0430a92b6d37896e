import { useSyncExternalStore } from 'react';
import { createListeners } from '../listeners';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = createListeners();

if (typeof window !== 'undefined') {
  // The browser offers installation: keep the event for our own button.
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    listeners.notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.notify();
  });
}

export function useInstallOffer(): boolean {
  return useSyncExternalStore(listeners.subscribe, () => deferred !== null, () => false);
}

export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  listeners.notify();
  await event.prompt();
}

/** iOS Safari never fires beforeinstallprompt; it installs through Share → Add to Home Screen. */
export function isIosBrowser(ua: string, standalone: boolean): boolean {
  return /iPhone|iPad|iPod/i.test(ua) && !standalone;
}
