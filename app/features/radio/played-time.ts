import { enUsTime, writesEnUs } from '../../lib/en-us-format';

// One formatter, made when first needed: toLocaleTimeString builds a new one on every call,
// which is slow on a cheap phone (each one loads locale data).
let timeFormat: Intl.DateTimeFormat | null = null;
/**
 * Nothing else on this page needs ICU, whose set-up the first Intl formatter costs: en-US reads
 * hour and minute as '1:45 PM', written by hand (app/lib/en-us-format.ts); every other locale
 * still gets Intl.
 */
export function playedTime(iso: string, locale = navigator.language): string {
  const at = new Date(iso);
  if (writesEnUs(locale)) return enUsTime(at);
  return (timeFormat ??= new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit' })).format(at);
}
