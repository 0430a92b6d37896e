import type { Ad } from '../../../../domain/ads';
import { AD_SIZES } from '../../../../domain/ads';
import type { AdSlot } from '../../../../domain/catalog';
import { COUNTRY_CODES, findCountry, type CountryCode } from '../../../../domain/countries';

export const AD_SLOT_LABELS: Record<AdSlot, string> = {
  leaderboard: `Leaderboard (${AD_SIZES.leaderboard.width}x${AD_SIZES.leaderboard.height})`,
  sidebar: `Sidebar (${AD_SIZES.sidebar.width}x${AD_SIZES.sidebar.height})`,
  infeed: 'In-Feed',
  artists: 'Artists Page',
  directory: 'Artist Directory',
  schedule: 'Schedule',
  footer: 'Footer',
};

/** Click-through rate as a percentage with one decimal; '—' before the first impression. */
export function clickThroughRate(impressions: number, clicks: number): string {
  if (!(impressions > 0)) return '—';
  return `${((clicks / impressions) * 100).toFixed(1)}%`;
}

export function countriesLabel(countries: readonly string[]): string {
  if (countries.length === 0) return 'All countries';
  return countries.map((code) => findCountry(code)?.name ?? code).join(', ');
}

export function slotsLabel(slots: readonly AdSlot[]): string {
  return slots.map((s) => AD_SLOT_LABELS[s] ?? s).join(', ');
}

/** The ad form's fields as typed. */
export interface AdFormValues {
  imageUrl: string;
  targetUrl: string;
  alt: string;
  slots: AdSlot[];
  countries: CountryCode[];
  active: boolean;
}

export const EMPTY_AD_FORM: AdFormValues = { imageUrl: '', targetUrl: '', alt: '', slots: [], countries: [], active: true };

export function adFormValues(ad: Ad): AdFormValues {
  return { imageUrl: ad.imageUrl, targetUrl: ad.targetUrl, alt: ad.alt, slots: [...ad.slots], countries: [...ad.countries], active: ad.active };
}

/** Adds or removes one item, keeping the order of `order` (slot and country lists). */
export function toggleIn<T>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set(list);
  if (on) set.add(item);
  else set.delete(item);
  return order.filter((x) => set.has(x));
}

export const ALL_COUNTRY_CODES: readonly CountryCode[] = COUNTRY_CODES;
