import { present, textParam } from '../../lib/search-params';

// Its own module so the route file does not pull the directory page into the first-visit bundle.
// The router parses '?q=123' as a number; every filter is text here.

/**
 * Filters live in the URL (q, from, genre) so Back from a profile returns to the same list
 * and a filtered list can be shared. 'from', not 'country': ?country= is the listener's
 * selected country (lib/selected-country.ts), which this filter must not change.
 */
export interface DirectorySearchParams {
  q?: string;
  from?: string;
  genre?: string;
}

export const DirectorySearch = (search: Record<string, unknown>): DirectorySearchParams =>
  present({ q: textParam(search.q), from: textParam(search.from), genre: textParam(search.genre) });
