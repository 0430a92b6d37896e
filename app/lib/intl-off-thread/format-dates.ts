import { formatDates, type DatesAnswer, type DatesRequest, type DatesWritten } from './format-dates-protocol';

/** A started worker, as far as the page needs one. */
export interface DatesWorker {
  postMessage(request: DatesRequest): void;
  onmessage: ((event: MessageEvent<DatesAnswer>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

type Ask = (request: Omit<DatesRequest, 'id'>) => Promise<DatesWritten>;

/**
 * Dates written by the dates worker, off the page's main thread (docs/performance.md, "ICU
 * set-up off the page"). A browser without module workers, or a worker that cannot start,
 * writes them on the page instead: the same text, later than never.
 */
export function connectDatesWorker(startWorker: (() => DatesWorker | null) | null): Ask {
  const worker = startWorker?.() ?? null;
  if (!worker) return (request) => Promise.resolve().then(() => formatDates(request));
  const waiting = new Map<number, { request: Omit<DatesRequest, 'id'>; resolve: (written: DatesWritten) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let broken = false;
  worker.onmessage = ({ data }) => {
    const asked = waiting.get(data.id);
    if (!asked) return;
    waiting.delete(data.id);
    if ('texts' in data) asked.resolve({ texts: data.texts, zone: data.zone });
    else asked.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    broken = true;
    for (const asked of waiting.values()) {
      try {
        asked.resolve(formatDates(asked.request));
      } catch (error) {
        asked.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    waiting.clear();
  };
  return (request) => {
    if (broken) return Promise.resolve().then(() => formatDates(request));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { request, resolve, reject });
      worker.postMessage({ id, ...request });
    });
  };
}

const browserWorker = (): DatesWorker | null =>
  typeof Worker === 'undefined' || typeof window === 'undefined'
    ? null
    : (new Worker(new URL('./dates.worker.ts', import.meta.url), { type: 'module', name: 'dates' }) as unknown as DatesWorker);

let ask: Ask | null = null;
const dates: Ask = (request) => (ask ??= connectDatesWorker(browserWorker))(request);

/** `isos` written with `options` in the listener's own zone (and `locale`, else theirs), off the main thread. */
export const formatDatesOffThread = (request: Omit<DatesRequest, 'id'>): Promise<string[]> => dates(request).then((written) => written.texts);

/**
 * The device's time zone, read by the dates worker: ICU is then set up for the page too, off
 * its main thread (format-dates-protocol.ts, `deviceZone`).
 */
export const deviceTimeZoneOffThread = (): Promise<string> => dates({ isos: [], options: {} }).then((written) => written.zone);
