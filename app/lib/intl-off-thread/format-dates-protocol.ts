/** One list of dates to write, as the page asks the dates worker (dates.worker.ts). */
export interface DatesRequest {
  id: number;
  isos: readonly string[];
  options: Intl.DateTimeFormatOptions;
  /** The listener's own when none is given. */
  locale?: string;
}

export type DatesAnswer = { id: number; texts: string[] } | { id: number; error: string };

/** The work itself, the same on either thread: one formatter for the whole list. */
export function formatDates({ isos, options, locale }: Pick<DatesRequest, 'isos' | 'options' | 'locale'>): string[] {
  const format = new Intl.DateTimeFormat(locale, options);
  return isos.map((iso) => format.format(new Date(iso)));
}
