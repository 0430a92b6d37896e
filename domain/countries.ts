export const COUNTRIES = [
  { code: 'GY', name: 'Guyana', flag: '🇬🇾' },
  { code: 'BB', name: 'Barbados', flag: '🇧🇧' },
  { code: 'TT', name: 'Trinidad & Tobago', flag: '🇹🇹' },
  { code: 'BZ', name: 'Belize', flag: '🇧🇿' },
  { code: 'JM', name: 'Jamaica', flag: '🇯🇲' },
  { code: 'LC', name: 'St. Lucia', flag: '🇱🇨' },
  { code: 'GD', name: 'Grenada', flag: '🇬🇩' },
  { code: 'DM', name: 'Dominica', flag: '🇩🇲' },
  { code: 'VC', name: 'St. Vincent', flag: '🇻🇨' },
  { code: 'AG', name: 'Antigua & Barbuda', flag: '🇦🇬' },
  { code: 'BS', name: 'The Bahamas', flag: '🇧🇸' },
] as const;

export type Country = (typeof COUNTRIES)[number];
export type CountryCode = Country['code'];

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [CountryCode, ...CountryCode[]];

export const DEFAULT_COUNTRY: CountryCode = 'GY';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

export function findCountry(code: string | null | undefined): Country | undefined {
  return COUNTRIES.find((c) => c.code === code);
}
