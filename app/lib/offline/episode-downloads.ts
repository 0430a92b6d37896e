import { useSyncExternalStore } from 'react';
import { episodeFile, type Episode } from '../../../domain/episodes';
import { SAVED_EPISODES_CACHE } from '../../../domain/saved-episodes';
import { downloadResumable } from './resumable-download';
import { createListeners } from '../listeners';

/** What was saved, for the 'Saved for offline' list (the files themselves are in the cache). */
export const SAVED_INDEX_KEY = 'savedEpisodes';

export interface SavedEpisode {
  episode: Episode;
  showTitle: string | null;
  /** The saved file's URL (the low-data rendition when it was saved in Low Data Mode). */
  url: string;
  bytes: number;
  savedAt: string;
}

export interface DownloadProgress {
  received: number;
  total: number;
  /** 'waiting': the connection dropped; it resumes from `received` when it is back. */
  status: 'downloading' | 'waiting' | 'failed';
  message?: string;
}

/**
 * What this phone holds is the browser's alone: none on the server and while the browser
 * hydrates the server's /episodes (both must draw the same), the phone's right after
 * (docs/server-render.md). Nothing held is this same object on both sides: a different empty
 * one made React redraw every episode row synchronously after the hydration (docs/performance.md).
 */
const NONE: Readonly<Record<string, never>> = Object.freeze({});

const { subscribe, notify: emit } = createListeners();
let progress: Record<string, DownloadProgress> = NONE;
let saved: Record<string, SavedEpisode> = readIndex();
const controllers = new Map<string, AbortController>();


function readIndex(): Record<string, SavedEpisode> {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(SAVED_INDEX_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0 ? (parsed as Record<string, SavedEpisode>) : NONE;
  } catch {
    return NONE;
  }
}

function writeIndex(next: Record<string, SavedEpisode>): void {
  saved = next;
  try {
    localStorage.setItem(SAVED_INDEX_KEY, JSON.stringify(next));
  } catch {
    // storage refused: the list is this session's only
  }
  emit();
}

function setProgress(id: string, p: DownloadProgress | null): void {
  const next = { ...progress };
  if (p) next[id] = p;
  else delete next[id];
  progress = next;
  emit();
}

export const useSavedEpisodes = (): Record<string, SavedEpisode> => useSyncExternalStore(subscribe, () => saved, () => NONE);
export const useDownloads = (): Record<string, DownloadProgress> => useSyncExternalStore(subscribe, () => progress, () => NONE);

/** The saved copy's URL, when this episode is saved: the player plays it, online or not. */
export const savedFileOf = (episodeId: string): string | null => saved[episodeId]?.url ?? null;

/** Bytes the saved episodes take. */
export const savedBytes = (list: Record<string, SavedEpisode>) => Object.values(list).reduce((n, s) => n + s.bytes, 0);

/** Where the browser says it is on a phone network (Chrome on Android); elsewhere unknown → no question. */
export function onCellular(): boolean {
  const c = (navigator as Navigator & { connection?: { type?: string } }).connection;
  return c?.type === 'cellular';
}

const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/** Back online: at once. Otherwise after a growing pause (a dead zone does not fire 'offline'). */
function waitToRetry(attempt: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(done, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    window.addEventListener('online', done);
    signal.addEventListener('abort', abort);
  });
}

export type PersistOutcome = 'persisted' | 'refused' | 'unsupported';

/** Asks once for storage the browser will not clear under pressure (on the first save). */
export async function askPersistentStorage(): Promise<PersistOutcome> {
  if (!navigator.storage?.persist) return 'unsupported';
  if (await navigator.storage.persisted?.()) return 'persisted';
  return (await navigator.storage.persist()) ? 'persisted' : 'refused';
}

/** Bytes the browser still lets this site store, when it says. */
export async function freeQuota(): Promise<number | null> {
  const e = await navigator.storage?.estimate?.().catch(() => null);
  return e && typeof e.quota === 'number' ? e.quota - (e.usage ?? 0) : null;
}

/**
 * Saves the episode for offline: the low-data rendition in Low Data Mode (when it exists),
 * else the original, into the cache the service worker answers from; then lists it.
 */
export async function saveEpisode(episode: Episode, showTitle: string | null, lowData: boolean): Promise<void> {
  if (controllers.has(episode.id)) return;
  const file = episodeFile(episode, lowData);
  const controller = new AbortController();
  controllers.set(episode.id, controller);
  setProgress(episode.id, { received: 0, total: file.bytes, status: 'downloading' });
  try {
    const { blob } = await downloadResumable(
      file.url,
      file.bytes,
      (received, total, waiting) => setProgress(episode.id, { received, total, status: waiting ? 'waiting' : 'downloading' }),
      controller.signal,
      { waitToRetry },
    );
    const cache = await caches.open(SAVED_EPISODES_CACHE);
    await cache.put(
      new URL(file.url, location.href).href,
      new Response(blob, { headers: { 'Content-Type': blob.type, 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' } }),
    );
    setProgress(episode.id, null);
    writeIndex({ ...saved, [episode.id]: { episode, showTitle, url: file.url, bytes: blob.size, savedAt: new Date().toISOString() } });
  } catch (err) {
    if (controller.signal.aborted) setProgress(episode.id, null);
    else {
      const quota = (err as { name?: string })?.name === 'QuotaExceededError';
      setProgress(episode.id, {
        received: 0,
        total: file.bytes,
        status: 'failed',
        message: quota ? 'Not enough space on this device to save it.' : 'The download failed. Try again when you have a connection.',
      });
    }
  } finally {
    controllers.delete(episode.id);
  }
}

export function cancelDownload(episodeId: string): void {
  controllers.get(episodeId)?.abort();
}

/** 'Remove download': the file leaves the cache and the list. */
export async function removeDownload(episodeId: string): Promise<void> {
  const entry = saved[episodeId];
  if (!entry) return;
  const cache = await caches.open(SAVED_EPISODES_CACHE);
  await cache.delete(new URL(entry.url, location.href).href);
  const next = { ...saved };
  delete next[episodeId];
  writeIndex(next);
}
