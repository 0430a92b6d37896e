import { describe, expect, it } from 'vitest';
import { barChartOptions, daysChartOptions, hoursChartOptions, shortLabel } from './audience-chart-options';

const colors = { color: 'rgb(0, 0, 0)', getPropertyValue: (name: string) => (name === '--pico-primary' ? ' #123456 ' : '') };
const U = { paths: { bars: () => () => null }, tzDate: (date: Date, zone: string) => Object.assign(new Date(date), { zone }) } as never;

describe('the audience charts (uPlot options)', () => {
  it('puts each hour at its UTC start, peak and average as two bar series in the theme colour', () => {
    const [data, options] = hoursChartOptions([
      { hour: '2026-11-27T10:00:00.000Z', peak: 4, average: 2.5, listeningHours: 2.5, unique: 5 },
      { hour: '2026-11-27T11:00:00.000Z', peak: 0, average: 0, listeningHours: 0, unique: 0 },
    ]);
    expect(data).toEqual([[Date.UTC(2026, 10, 27, 10) / 1000, Date.UTC(2026, 10, 27, 11) / 1000], [4, 0], [2.5, 0]]);
    const o = options(colors, U);
    expect(o.series.map((s) => s.label)).toEqual([undefined, 'Peak', 'Average']);
    expect(o.series[1]!.fill).toBe('#123456');
    expect((o.tzDate!(0) as unknown as { zone: string }).zone).toBe('Etc/UTC');
    // Listeners are whole people: a tick between two is left blank.
    expect((o.axes![1]!.values as (u: unknown, s: number[]) => string[])(null, [0, 0.5, 1])).toEqual(['0', '', '1']);
  });

  it('puts each day at its UTC midnight', () => {
    const [data] = daysChartOptions([{ day: '2026-11-01', unique: 3 }]);
    expect(data).toEqual([[Date.UTC(2026, 10, 1) / 1000], [3]]);
  });

  it('labels one bar per row by its text, shortened for a phone', () => {
    const rows = [
      { label: 'Morning Glory with Keisha', value: 2 },
      { label: 'Live', value: 1 },
    ];
    const [data, options] = barChartOptions(rows, 'Listening hours by show');
    expect(data).toEqual([[0, 1], [2, 1]]);
    const axis = options(colors, U).axes![0]!;
    const splits = (axis.splits as () => number[])();
    expect(splits).toEqual([0, 1]);
    expect((axis.values as (u: unknown, s: number[]) => string[])(null, splits)).toEqual(['Morning Glory…', 'Live']);
    expect(shortLabel('Gospel')).toBe('Gospel');
  });
});
