import { useSyncExternalStore } from 'react';
import { ADMIN_KEY_STORAGE } from '../../domain/admin-session';
import { createListeners } from './listeners';

// issue 4 / docs/api.md: the key lives in memory and sessionStorage only: never localStorage,
// never the persisted query cache, never a service-worker cache. It unlocks every admin
// page for the rest of the page session.
const STORAGE_KEY = ADMIN_KEY_STORAGE;
const listeners = createListeners();
let memory: string | null = null;

function read(): string | null {
  if (memory !== null) return memory;
  try {
    memory = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    memory = null;
  }
  return memory;
}

export function getAdminKey(): string | null {
  return read();
}

export function setAdminKey(key: string | null): void {
  memory = key;
  try {
    if (key) sessionStorage.setItem(STORAGE_KEY, key);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: memory still holds it for this page
  }
  listeners.notify();
}

export function useAdminKey(): string | null {
  return useSyncExternalStore(listeners.subscribe, read, () => null);
}
