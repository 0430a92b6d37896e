import { formatDates, type DatesAnswer, type DatesRequest } from './format-dates-protocol';

/** A started worker, as far as the page needs one. */
export interface DatesWorker {
  postMessage(request: DatesRequest): void;
  onmessage: ((event: MessageEvent<DatesAnswer>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

type Format = (request: Omit<DatesRequest, 'id'>) => Promise<string[]>;

/**
 * Dates written by the dates worker, off the page's main thread (docs/performance.md, "ICU
 * set-up off the page"). A browser without module workers, or a worker that cannot start,
 * writes them on the page instead: the same text, later than never.
 */
export function connectDatesWorker(startWorker: (() => DatesWorker | null) | null): Format {
  const worker = startWorker?.() ?? null;
  if (!worker) return (request) => Promise.resolve().then(() => formatDates(request));
  const waiting = new Map<number, { request: Omit<DatesRequest, 'id'>; resolve: (texts: string[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let broken = false;
  worker.onmessage = ({ data }) => {
    const asked = waiting.get(data.id);
    if (!asked) return;
    waiting.delete(data.id);
    if ('texts' in data) asked.resolve(data.texts);
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

let format: Format | null = null;

/** `isos` written with `options` in the listener's own zone (and `locale`, else theirs), off the main thread. */
export const formatDatesOffThread: Format = (request) => (format ??= connectDatesWorker(browserWorker))(request);
