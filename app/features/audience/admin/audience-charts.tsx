import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { AudienceHour, AudienceReport } from '../../../../domain/audience';
import { barChartOptions, daysChartOptions, hoursChartOptions, type ChartData, type ChartOptions } from './audience-chart-options';

/**
 * The report's charts, drawn by uPlot (docs/product.md "Audience"): a small canvas chart
 * library, fetched by this page only and after its first paint, so the figures and the tables
 * show at once and no other page (nor the service worker's precache) carries it. The chart is
 * hidden from screen readers: the table beside each says the same.
 */
function Chart({ data, options, testId, label }: { data: ChartData; options: ChartOptions; testId: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone) return;
        const colors = getComputedStyle(el);
        const size = () => ({ width: Math.max(200, Math.floor(el.clientWidth)), height: el.clientHeight || 160 });
        chart = new UPlot({ ...options(colors, UPlot), ...size() }, data, el);
        resize = new ResizeObserver(() => chart?.setSize(size()));
        resize.observe(el);
      })
      // Offline on a page opened online, say: the table beside it still has every figure.
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [data, options]);
  return (
    <div ref={box} className="audience-chart" data-testid={testId} aria-hidden="true" title={label}>
      {failed && <p className="muted">The chart could not load; the table below has the figures.</p>}
    </div>
  );
}

export function HoursChart({ hours }: { hours: AudienceHour[] }) {
  const [data, options] = useMemo(() => hoursChartOptions(hours), [hours]);
  return <Chart data={data} options={options} testId="hours-chart" label="Peak and average listeners at once, hour by hour" />;
}

export function DaysChart({ days }: { days: { day: string; unique: number }[] }) {
  const [data, options] = useMemo(() => daysChartOptions(days), [days]);
  return <Chart data={data} options={options} testId="days-chart" label="Unique listeners per day" />;
}

export function ShowsChart({ shows }: { shows: AudienceReport['shows'] }) {
  const [data, options] = useMemo(() => barChartOptions(shows.map((s) => ({ label: s.title, value: s.listeningHours })), 'Listening hours by show'), [shows]);
  return <Chart data={data} options={options} testId="shows-chart" label="Listening hours by show" />;
}

/** Three bars side by side on a phone: the table beside says "on demand". */
const KIND_BARS = { live: 'Live', episode: 'Episodes', track: 'Tracks' } as const;

export function KindsChart({ kinds }: { kinds: AudienceReport['kinds'] }) {
  const [data, options] = useMemo(() => barChartOptions(kinds.map((k) => ({ label: KIND_BARS[k.kind], value: k.listeningHours })), 'Listening hours by kind'), [kinds]);
  return <Chart data={data} options={options} testId="kinds-chart" label="Listening hours by kind" />;
}
