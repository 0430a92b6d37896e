import * as v from 'valibot';

// Its own module so the route file does not pull the directory page into the first-visit bundle.
// The router parses '?q=123' as a number; every filter is text here.
const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (x === undefined || x === null || x === '' ? undefined : String(x)))));

/**
 * Filters live in the URL (q, from, genre) so Back from a profile returns to the same list
 * and a filtered list can be shared. 'from', not 'country': ?country= is the listener's
 * selected country (lib/selected-country.ts), which this filter must not change.
 */
export const DirectorySearch = v.object({ q: text, from: text, genre: text });
export type DirectorySearchParams = v.InferOutput<typeof DirectorySearch>;
