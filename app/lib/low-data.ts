import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { LOW_DATA_COOKIE } from '../../domain/server-render';
import { createListeners } from './listeners';
import { whenLoadedAndIdle } from './when-idle';

export const LOW_DATA_KEY = 'lowDataMode';
export const LOW_DATA_CLASS = 'low-data';

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * docs/product.md: on a first visit, on when the browser asks to save data; after that the
 * listener's own saved choice wins.
 */
export function initialLowData(saved: string | null, saveDataHint: boolean): boolean {
  if (saved === 'true') return true;
  if (saved === 'false') return false;
  return saveDataHint;
}

function readLowData(): boolean {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LOW_DATA_KEY);
  } catch {
    saved = null;
  }
  // The server renders no page for a request that asks to save data (server/http/page-render.ts).
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return initialLowData(saved, Boolean(connection?.saveData));
}

/** Tells the server too (a cookie), so it sends no page with images in it (docs/server-render.md). */
function rememberForServer(on: boolean): void {
  if (typeof document === 'undefined') return;
  const cookie = `${LOW_DATA_COOKIE}=1`;
  if (on === document.cookie.split('; ').includes(cookie)) return;
  document.cookie = on ? `${cookie}; path=/; max-age=31536000; samesite=lax` : `${LOW_DATA_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

const listeners = createListeners();
let current: boolean | null = null;
const get = () => {
  if (current === null) {
    current = readLowData();
    // The cookie is for the server's next page, not this one: it is read and set once the page
    // has loaded and the phone is idle, not in the first render, where reading document.cookie
    // (a synchronous ask of the browser's process) held the start 1-12 ms at full speed on a
    // busy phone, ten times that as Lighthouse counts it (docs/performance.md).
    if (typeof window !== 'undefined') whenLoadedAndIdle(() => rememberForServer(current ?? false));
  }
  return current;
};

/** The listener's Low Data Mode now, for code outside components (route loaders). */
export const lowDataNow = get;

export function setLowData(on: boolean): void {
  current = on;
  rememberForServer(on);
  try {
    localStorage.setItem(LOW_DATA_KEY, String(on));
  } catch {
    // private mode: the choice lasts for this visit
  }
  // Loaded when used: the kept pages' code is not part of the first visit.
  if (on) void import('./pwa/kept-page').then((kept) => kept.dropKeptPages());
  listeners.notify();
}

export function useLowData(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(listeners.subscribe, get, () => false);
  // Applied as a page style class (docs/product.md#states-and-transitions).
  useEffect(() => {
    document.documentElement.classList.toggle(LOW_DATA_CLASS, on);
  }, [on]);
  return [on, useCallback(setLowData, [])];
}
