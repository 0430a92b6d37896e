import { present, textParam } from '../../lib/search-params';

/**
 * Declared so links can name ?country=; the page itself reads and writes it through
 * lib/selected-country.ts (parameter, else saved choice, else GY; back/forward re-read).
 * Its own module so the route file does not pull the country page into the first-visit bundle.
 */
export const CountrySearch = (search: Record<string, unknown>): { country?: string } => present({ country: textParam(search.country) });
