// CSV exports of the dashboard (docs/product.md#messages, docs/product.md#limits-and-constants): a header row, every string value quoted
// with inner quotes doubled, the file named {tenant}-{kind}-{YYYY-MM-DD}.csv.

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The names of T's fields that are CSV values as they are. */
type PlainField<T> = { [K in keyof T]: T[K] extends CsvValue ? K : never }[keyof T] & string;

/** A column per field, headed by the field's name and giving its value unchanged. */
export function fieldColumns<T>(...names: PlainField<T>[]): CsvColumn<T>[] {
  return names.map((name) => ({ header: name, value: (row) => row[name] as CsvValue }));
}

/**
 * Text a spreadsheet would run as a formula. Sponsor names and notes come from public
 * applications, so an export opened in a spreadsheet must not execute them (OWASP
 * "CSV injection"): such text gets a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** RFC 4180 lines (CRLF), header first. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** The admin's own calendar day, as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function csvFileName(tenant: string, kind: string, date: Date): string {
  return `${tenant}-${kind}-${isoDay(date)}.csv`;
}
