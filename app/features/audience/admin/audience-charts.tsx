import type { AudienceHour } from '../../../../domain/audience';

/**
 * Bar charts as plain inline SVG: no chart library is installed, and bars of a few hundred
 * hours need none (docs/product.md "Audience"). The chart is hidden from screen readers: the
 * table beside it says the same.
 */
export function HoursChart({ hours }: { hours: AudienceHour[] }) {
  const width = Math.max(hours.length * 6, 300);
  const height = 120;
  const top = Math.max(1, ...hours.map((h) => h.peak));
  const y = (n: number) => height - (n / top) * (height - 10);
  return (
    <svg className="audience-chart" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" data-testid="hours-chart">
      {hours.map((h, i) => (
        <g key={h.hour}>
          <rect x={i * 6} y={y(h.peak)} width={5} height={height - y(h.peak)} className="bar-peak">
            <title>{`${h.hour}: peak ${h.peak}`}</title>
          </rect>
          <rect x={i * 6} y={y(h.average)} width={5} height={height - y(h.average)} className="bar-average" />
        </g>
      ))}
      <text x={2} y={10} className="chart-label">
        {top}
      </text>
    </svg>
  );
}

export function BarsChart({ rows }: { rows: { label: string; value: number }[] }) {
  const top = Math.max(1e-9, ...rows.map((r) => r.value));
  return (
    <svg className="audience-bars" viewBox={`0 0 100 ${rows.length * 8 || 8}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {rows.map((r, i) => (
        <rect key={r.label} x={0} y={i * 8 + 1} width={(r.value / top) * 100} height={6} className="bar-peak" />
      ))}
    </svg>
  );
}
