import { COUNTRIES } from '../../../domain/countries';

/** The eleven countries as <option>s, flag and name, valued by code. */
export function CountryOptions() {
  return COUNTRIES.map((c) => (
    <option key={c.code} value={c.code}>
      {c.flag} {c.name}
    </option>
  ));
}

/** A fixed list (genres, budgets) as <option>s, each its own value. */
export function TextOptions({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}
