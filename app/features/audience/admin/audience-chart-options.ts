import type uPlot from 'uplot';
import type { AudienceHour } from '../../../../domain/audience';

/** uPlot's data: the x values, then one array per series. */
export type ChartData = uPlot.AlignedData;
type Colors = Pick<CSSStyleDeclaration, 'getPropertyValue' | 'color'>;
type UPlotStatics = Pick<typeof uPlot, 'paths' | 'tzDate'>;
/** The chart's options but its size, from the page's colours and uPlot itself (its bar paths, its dates). */
export type ChartOptions = (colors: Colors, U: UPlotStatics) => Omit<uPlot.Options, 'width' | 'height'>;

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** A show's title along a phone's axis: the table beside has it whole. */
const LABEL_CHARS = 14;

/** The theme's colours (Pico's custom properties), with its defaults where a page has none. */
const themed = (colors: Colors, name: string, fallback: string) => colors.getPropertyValue(name).trim() || fallback;
const bars = (U: UPlotStatics, size: number) => U.paths.bars?.({ size: [size, 40], gap: 1 });
const valueAxis = (colors: Colors): uPlot.Axis => ({ stroke: colors.color, size: 44 });
/** Listeners are whole people: no tick at 0.5 of one. */
const peopleAxis = (colors: Colors): uPlot.Axis => ({ ...valueAxis(colors), values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) });
const fromZero: uPlot.Scale['range'] = (_u, _min, max) => [0, max > 0 ? max : 1];

interface TimeSeries {
  label: string;
  values: number[];
  /** Of the slot's width. */
  width: number;
  /** The lighter of the theme's colours. */
  light?: true;
}

/** Bars over time (UTC, as the tables and the CSV say): one slot of `step` seconds each. */
function timeBars(times: number[], step: number, series: TimeSeries[]): [ChartData, ChartOptions] {
  const data: ChartData = [times, ...series.map((s) => s.values)];
  const options: ChartOptions = (colors, U) => {
    const primary = themed(colors, '--pico-primary', '#1d4ed8');
    const light = themed(colors, '--pico-primary-background', '#93c5fd');
    return {
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      tzDate: (ts) => U.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      // The period's own slots, half a slot either side: one day alone is still a day wide.
      scales: { x: { time: true, range: () => [(times[0] ?? 0) - step / 2, (times.at(-1) ?? 0) + step / 2] }, y: { range: fromZero } },
      axes: [{ stroke: colors.color, grid: { show: false } }, peopleAxis(colors)],
      series: [{}, ...series.map((s) => ({ label: s.label, fill: s.light ? light : primary, stroke: primary, width: s.light ? 0 : 1, paths: bars(U, s.width), points: { show: false } }))],
    };
  };
  return [data, options];
}

/** Peak and average listeners at once, hour by hour. */
export const hoursChartOptions = (hours: AudienceHour[]) =>
  timeBars(
    hours.map((h) => Date.parse(h.hour) / 1000),
    HOUR_S,
    [
      { label: 'Peak', values: hours.map((h) => h.peak), width: 0.9 },
      { label: 'Average', values: hours.map((h) => h.average), width: 0.6, light: true },
    ],
  );

/** Unique listeners, day by day. */
export const daysChartOptions = (days: { day: string; unique: number }[]) =>
  timeBars(
    days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
    DAY_S,
    [{ label: 'Unique listeners', values: days.map((d) => d.unique), width: 0.8 }],
  );

export const shortLabel = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/** One bar per row (a show, a kind), the rows' labels along the bottom. */
export function barChartOptions(rows: { label: string; value: number }[], label: string): [ChartData, ChartOptions] {
  const data: ChartData = [rows.map((_, i) => i), rows.map((r) => r.value)];
  const options: ChartOptions = (colors, U) => {
    const primary = themed(colors, '--pico-primary', '#1d4ed8');
    return {
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false, range: () => [-0.5, Math.max(0, rows.length - 1) + 0.5] }, y: { range: fromZero } },
      axes: [
        { stroke: colors.color, grid: { show: false }, splits: () => rows.map((_, i) => i), values: (_u, splits) => splits.map((i) => shortLabel(rows[i]?.label ?? '')) },
        valueAxis(colors),
      ],
      series: [{}, { label, fill: primary, stroke: primary, paths: bars(U, 0.7), points: { show: false } }],
    };
  };
  return [data, options];
}
