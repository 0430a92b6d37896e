import { startTransition, useEffect, useRef, useState } from 'react';
import { REMINDER_STORE, reminderStoreKey, type StoredReminders } from '../../../domain/push-store';
import { deleteReminderSubscription, fetchPushKey, saveReminderSubscription } from './api';
import { api, ApiError } from '../../lib/api-client';
import { createListeners } from '../../lib/listeners';
import { PUSH_MESSAGES } from '../../../domain/push';
import type { Show } from '../../../domain/shows';
import { showsPaths } from './api';
import { currentTenant } from '../../lib/tenant';
import { isIosBrowser } from '../../lib/pwa/install';

/**
 * 'Remind me' on the schedule (docs/product.md, Reminders): the browser's push subscription,
 * kept on the server with exactly the shows chosen on this tenant. The permission is asked on
 * the first tap only. Loaded with the schedule page, never on the radio page.
 */

/** Why reminders cannot work here, in words for the listener; null when they can. */
export type ReminderBlock = 'ios' | 'unsupported' | 'denied' | null;

export const REMINDER_BLOCK_MESSAGES: Record<Exclude<ReminderBlock, null>, string> = {
  ios: 'Add this app to your Home Screen to get reminders',
  unsupported: 'This browser cannot show reminders: use Download .ics instead',
  denied: 'Notifications are blocked for this site: allow them in your browser settings to get reminders',
};

export interface ReminderState {
  /** Read from the browser (the stored list, the permission) once the page runs. */
  loaded: boolean;
  block: ReminderBlock;
  showIds: ReadonlySet<string>;
  /** Shows whose change is being sent. */
  busy: ReadonlySet<string>;
  /** The last failure, in the server's words or the browser's, and the shows whose change failed (joined by commas). */
  error: { message: string; showIds: string } | null;
}

export interface PushEnvironment {
  userAgent: string;
  standalone: boolean;
  hasPush: boolean;
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  registration: () => Promise<ServiceWorkerRegistration | null>;
  store: () => Promise<Cache>;
}

/** Which of the blocks applies in this browser. */
export function reminderBlock(env: Pick<PushEnvironment, 'userAgent' | 'standalone' | 'hasPush' | 'permission'>): ReminderBlock {
  // iOS and iPadOS deliver Web Push only to a web app added to the Home Screen (iOS 16.4+).
  if (isIosBrowser(env.userAgent, env.standalone)) return 'ios';
  if (!env.hasPush) return 'unsupported';
  if (env.permission() === 'denied') return 'denied';
  return null;
}

const REGISTRATION_WAIT_MS = 10_000;

function browserEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
    hasPush: 'serviceWorker' in nav && 'PushManager' in window && 'Notification' in window,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    // The worker registers after the first screen; a page without one (a private window that
    // refuses it) gives up rather than waiting forever.
    registration: () =>
      Promise.race([nav.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), REGISTRATION_WAIT_MS))]),
    store: () => caches.open(REMINDER_STORE),
  };
}

const fetchShowIds = async (): Promise<Set<string>> => new Set((await api<Show[]>(showsPaths.list)).map((s) => s.id));

export function createReminderStore(env: PushEnvironment, api = { fetchPushKey, saveReminderSubscription, deleteReminderSubscription, fetchShowIds }, tenant = currentTenant()) {
  let state: ReminderState = { loaded: false, block: null, showIds: new Set(), busy: new Set(), error: null };
  const listeners = createListeners();
  const set = (patch: Partial<ReminderState>) => {
    state = { ...state, ...patch };
    listeners.notify();
  };
  let queue: Promise<void> = Promise.resolve();

  async function load(): Promise<void> {
    const block = reminderBlock(env);
    let showIds = new Set<string>();
    let storedEndpoint = '';
    if (block === null) {
      try {
        const stored = await (await env.store()).match(reminderStoreKey(tenant));
        if (stored) {
          const record = (await stored.json()) as StoredReminders;
          showIds = new Set(record.showIds);
          storedEndpoint = record.endpoint;
        }
      } catch {
        // No Cache Storage (a private window): nothing chosen yet.
      }
    }
    set({ loaded: true, block, showIds });
    if (block === null && showIds.size > 0 && env.permission() === 'granted') void reconcile(storedEndpoint);
  }

  /**
   * The browser may have replaced the subscription while no worker heard of it (or the
   * worker's report failed): the list is sent again with the subscription the browser has now.
   */
  async function reconcile(endpoint: string): Promise<void> {
    const current = await (await env.registration().catch(() => null))?.pushManager.getSubscription().catch(() => null);
    if (current?.endpoint === endpoint) return;
    await change((ids) => ({ next: new Set(ids), changed: [] }));
  }

  async function subscription(): Promise<PushSubscription> {
    const registration = await env.registration();
    if (!registration) throw new Error('the app has not finished loading; reload the page and try again');
    const existing = await registration.pushManager.getSubscription();
    if (existing) return existing;
    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await api.fetchPushKey() });
  }

  /** Sends the whole new list (the server replaces the old one), then keeps it here. */
  async function apply(wanted: Set<string>, changed: string[]): Promise<void> {
    let next = wanted;
    set({ busy: new Set([...state.busy, ...changed]), error: null });
    try {
      if (next.size > 0 && env.permission() !== 'granted') {
        // Asked here, on the tap, never before (docs/product.md, Reminders).
        const answer = await env.requestPermission();
        if (answer !== 'granted') {
          set({ block: answer === 'denied' ? 'denied' : null, error: answer === 'denied' ? null : { message: 'Allow notifications to get reminders', showIds: changed.join(',') } });
          return;
        }
      }
      let endpoint = '';
      if (next.size === 0) {
        // Nothing left to remind of on this tenant: the server forgets the subscription. The
        // browser's own stays, as the other tenant on this origin may still use it.
        const existing = await (await env.registration())?.pushManager.getSubscription();
        if (existing) {
          endpoint = existing.endpoint;
          await api.deleteReminderSubscription(endpoint);
        }
      } else {
        const json = (await subscription()).toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
        endpoint = json.endpoint;
        try {
          await api.saveReminderSubscription({ endpoint, keys: json.keys }, [...next]);
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 400 && err.message === PUSH_MESSAGES.unknownShow)) throw err;
          // A show chosen earlier has since been taken off the schedule: it leaves the list,
          // which is sent once more; a show just tapped that is gone fails as the server said.
          const current = await api.fetchShowIds();
          const kept = new Set([...next].filter((id) => current.has(id)));
          if (kept.size === next.size || changed.some((id) => next.has(id) && !current.has(id))) throw err;
          next = kept;
          if (next.size > 0) await api.saveReminderSubscription({ endpoint, keys: json.keys }, [...next]);
          else await api.deleteReminderSubscription(endpoint);
        }
      }
      const record: StoredReminders = { endpoint, showIds: [...next] };
      await (await env.store()).put(reminderStoreKey(tenant), new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } })).catch(() => undefined);
      set({ showIds: next });
    } catch (err) {
      // The server's words as they are; the browser's (a push service it cannot reach) with what failed.
      const message = err instanceof ApiError ? err.message : `Could not set the reminder: ${err instanceof Error && err.message ? err.message : 'try again'}`;
      set({ error: { message, showIds: changed.join(',') } });
    } finally {
      const busy = new Set(state.busy);
      for (const id of changed) busy.delete(id);
      set({ busy });
    }
  }

  /** One change at a time, each on top of the last: two quick taps never lose one. */
  const change = (make: (current: ReadonlySet<string>) => { next: Set<string>; changed: string[] }) => {
    queue = queue.then(() => {
      const { next, changed } = make(state.showIds);
      return apply(next, changed);
    });
    return queue;
  };

  return {
    subscribe: listeners.subscribe,
    get: () => state,
    load,
    /** 'Remind me' on one show, or off again. */
    toggle: (showId: string) =>
      change((current) => {
        const next = new Set(current);
        if (next.has(showId)) next.delete(showId);
        else next.add(showId);
        return { next, changed: [showId] };
      }),
    /** The 'Never Miss a Show' box: every show, or none. */
    setAll: (showIds: string[], on: boolean) => change(() => ({ next: new Set(on ? showIds : []), changed: showIds })),
  };
}

export type ReminderStore = ReturnType<typeof createReminderStore>;

let shared: ReminderStore | null = null;
const SERVER_STATE: ReminderState = { loaded: false, block: null, showIds: new Set(), busy: new Set(), error: null };

/** The page's one store, made and read in the browser only (the schedule's cards are client-only). */
export function reminderStore(): ReminderStore {
  if (!shared) {
    shared = createReminderStore(browserEnvironment());
    void shared.load();
  }
  return shared;
}

export function useReminders(): ReminderState & { store: ReminderStore | null } {
  const store = typeof window === 'undefined' ? null : reminderStore();
  return { ...useReminderState(store), store };
}

/** A store's state, as useReminders reads it; its own export so that its drawing can be tested. */
export function useReminderState(store: Pick<ReminderStore, 'subscribe' | 'get'> | null): ReminderState {
  const [state, setState] = useState(() => store?.get() ?? SERVER_STATE);
  const loadedShown = useRef(state.loaded);
  useEffect(() => {
    if (!store) return;
    const take = () => {
      const next = store.get();
      if (next.loaded && !loadedShown.current) {
        // The store's first answer draws a button on every card of the week at once: a
        // transition, so React draws them in slices between the phone's other work, not in
        // one long task (issue 43, docs/performance.md "The schedule's week"). A tap's own
        // change (busy, set, an error) is drawn at once; React applies it after this one.
        loadedShown.current = true;
        startTransition(() => setState(next));
      } else setState(next);
    };
    // A change between the first render and this subscription is not missed.
    take();
    return store.subscribe(take);
  }, [store]);
  return state;
}
