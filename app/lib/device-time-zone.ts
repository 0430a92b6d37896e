import { startTransition, useEffect, useState } from 'react';
import { deviceTimeZoneOffThread } from './intl-off-thread/format-dates';
import { deviceZone } from './intl-off-thread/format-dates-protocol';

/** How long the page waits for the dates worker's answer before it reads the zone itself. */
export const WORKER_PATIENCE_MS = 2_000;

let zone: string | null = null;
let asked = false;
const listeners = new Set<() => void>();

function known(found: string): void {
  if (zone !== null) return;
  zone = found;
  for (const listener of listeners) listener();
}

/**
 * The zone the listener's device runs in, read once. Read on the page, the first ask costs it
 * Chromium's ICU set-up (the locale's data, the device's time zone): 15-25 ms on our bench host,
 * ten times that on a low-tier phone (docs/performance.md, "ICU set-up off the page").
 */
export function deviceTimeZone(): string {
  if (zone === null) known(deviceZone());
  return zone!;
}

/**
 * For a route whose page lays dates out in the listener's zone, called from its loader: the
 * dates worker reads the zone, and sets ICU up for the whole page as it does, while the page's
 * data is on its way; the page's own formatters are then quick. A worker that cannot answer
 * leaves the page to read it itself.
 */
export function warmUpDeviceTimeZone(): void {
  // The server lays nothing out in it (docs/server-render.md).
  if (zone !== null || asked || typeof window === 'undefined') return;
  asked = true;
  deviceTimeZoneOffThread().then(known, () => known(deviceZone()));
  // A worker whose script is slow to come (a first visit on a weak signal) does not hold the
  // week: the page then reads the zone itself, as it did before the worker.
  setTimeout(() => {
    if (zone === null) known(deviceZone());
  }, WORKER_PATIENCE_MS);
}

/**
 * The device's zone once the dates worker has read it (null until then, and on the server,
 * which cannot know it): a part laid out in it waits a moment rather than setting ICU up
 * inside the page's render. Its arrival is a transition, so that part is drawn in the
 * background in slices, as `useDeferredMount` draws one, not in one long task.
 */
export function useDeviceTimeZone(): string | null {
  const [current, setCurrent] = useState(zone);
  useEffect(() => {
    if (current !== null) return;
    const take = () => startTransition(() => setCurrent(zone));
    if (zone !== null) {
      take();
      return;
    }
    listeners.add(take);
    warmUpDeviceTimeZone();
    return () => void listeners.delete(take);
  }, [current]);
  return current;
}
