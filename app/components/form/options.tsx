import { COUNTRIES } from '../../../domain/countries';

/** The eleven countries as <option>s, valued by code: names only, since an <option> holds plain text and emoji flags show as boxes on many phones. */
export function CountryOptions() {
  return COUNTRIES.map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
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
