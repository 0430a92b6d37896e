/** 'From $25', 'From $12.50'; a zero price reads 'Free'; no price, nothing. */
export function formatPriceFrom(priceFrom: number | null | undefined): string | null {
  if (priceFrom == null || !Number.isFinite(priceFrom)) return null;
  if (priceFrom === 0) return 'Free';
  const amount = priceFrom.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(priceFrom) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `From $${amount}`;
}

/** 'Sat, Jan 10, 2026, 8:00 PM GMT-4' in the listener's own zone. */
export function formatEventStart(startIso: string, timeZone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(startIso));
}

/** The first letter of a title, for the placeholder shown instead of an image. */
export const initialOf = (title: string) => (title.trim()[0] ?? '?').toUpperCase();
