/** The report's periods (docs/product.md "Audience"): UTC hours, `to` exclusive. */
export type PeriodChoice = 'today' | '7d' | '30d' | 'month';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function periodRange(choice: PeriodChoice, month: string, now: number): { from: string; to: string; label: string } {
  const today = Date.parse(isoDay(now));
  if (choice === 'today') return { from: isoDay(today), to: isoDay(today + DAY), label: `Today (${isoDay(today)})` };
  if (choice === '7d') return { from: isoDay(today - 6 * DAY), to: isoDay(today + DAY), label: 'Last 7 days' };
  if (choice === '30d') return { from: isoDay(today - 29 * DAY), to: isoDay(today + DAY), label: 'Last 30 days' };
  const [y, m] = (/^\d{4}-\d{2}$/.test(month) ? month : isoDay(now).slice(0, 7)).split('-').map(Number) as [number, number];
  const from = Date.UTC(y, m - 1, 1);
  const to = Date.UTC(y, m, 1);
  return { from: isoDay(from), to: isoDay(to), label: new Date(from).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }) };
}
