import { useSyncExternalStore } from 'react';
import { ADMIN_MODERATES_HINT, roleMayUse, type Role } from '../../domain/admin-session';
import type { AdminMe } from '../../domain/people';
import { getAdminKey, useAdminKey } from './admin-key';
import { createListeners } from './listeners';

// Who is signed in to the admin (docs/api.md, "Admins who are people"): the admin key (an
// owner named "admin key", app/lib/admin-key.ts), or a person whose passkey opened a session.
// The session itself is an HttpOnly cookie the app never sees; this keeps only who it is,
// in memory, and GET /api/admin/me tells it again after a reload.
const listeners = createListeners();
let me: AdminMe | null = null;

export function getSignedIn(): AdminMe | null {
  return me;
}

export function setSignedIn(next: AdminMe | null): void {
  me = next;
  rememberWhetherModerates(next);
  listeners.notify();
}

/** Whether this device's session could moderate, for the shell's early questions (domain/admin-session.ts). */
export function rememberWhetherModerates(person: AdminMe | null): void {
  try {
    if (person && roleMayUse(person.role, 'moderation')) localStorage.setItem(ADMIN_MODERATES_HINT, '1');
    else localStorage.removeItem(ADMIN_MODERATES_HINT);
  } catch {
    // Private mode: the queues are then asked once the session is known.
  }
}

/**
 * Forgets who is signed in without a word to the device or the page: the server's render
 * (app/entry-server.tsx) after each page, so no page is drawn as the person before it.
 */
export function forgetSignedIn(): void {
  me = null;
}

// The server's snapshot is who is signed in too: an admin page the server rendered for its
// person (docs/server-render.md) is hydrated as them; anywhere else it is nobody, as before.
const signedInNow = () => me;

function useSignedIn(): AdminMe | null {
  return useSyncExternalStore(listeners.subscribe, signedInNow, signedInNow);
}

export interface AdminAccess {
  name: string;
  role: Role;
  via: 'key' | 'passkey';
  id: string | null;
}

const KEY_ACCESS: AdminAccess = { name: 'admin key', role: 'owner', via: 'key', id: null };

/** The admin key wins when both are there, as on the server. */
export function useAdminAccess(): AdminAccess | null {
  const key = useAdminKey();
  const person = useSignedIn();
  return key ? KEY_ACCESS : person;
}

/** The same answer outside React (a route's loader). */
export function currentAdminAccess(): AdminAccess | null {
  return getAdminKey() ? KEY_ACCESS : me;
}
