/** One list of dates to write, as the page asks the dates worker (dates.worker.ts). */
export interface DatesRequest {
  id: number;
  isos: readonly string[];
  options: Intl.DateTimeFormatOptions;
  /** The listener's own when none is given. */
  locale?: string;
}

/** The dates written, and the device's time zone read on the same thread. */
export interface DatesWritten {
  texts: string[];
  zone: string;
}

export type DatesAnswer = ({ id: number } & DatesWritten) | { id: number; error: string };

/**
 * The device's time zone. Chromium's ICU set-up (the locale's data, the device's zone) is the
 * process's, not the thread's: once the dates worker has asked, the page's own first Intl
 * formatter is made in well under a millisecond instead of 15-25 ms here (docs/performance.md,
 * "ICU set-up off the page").
 */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The work itself, the same on either thread: one formatter for the whole list. */
export function formatDates({ isos, options, locale }: Pick<DatesRequest, 'isos' | 'options' | 'locale'>): DatesWritten {
  const zone = deviceZone();
  if (isos.length === 0) return { texts: [], zone };
  const format = new Intl.DateTimeFormat(locale, options);
  return { texts: isos.map((iso) => format.format(new Date(iso))), zone };
}
