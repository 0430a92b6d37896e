import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIENCE_CSV_HEADER, audienceCsvRow, type AudienceReport } from '../../../../domain/audience';
import { adInventoryQuery } from '../../ads/api';
import { audienceQuery } from '../api';
import { ErrorState, Placeholders } from '../../../components/states';
import { downloadFile } from '../../../lib/download-file';
import { currentTenant } from '../../../lib/tenant';
import { DaysChart, HoursChart, KindsChart, ShowsChart } from './audience-charts';
import { periodRange, type PeriodChoice } from './audience-period';
import { SponsorSummary } from './sponsor-summary';
import './audience.css';

const KIND_LABELS = { live: 'Live', episode: 'On demand: episodes', track: 'On demand: tracks' } as const;
const SOURCE_LABELS = { player: 'Our player', relay: 'Other players of the relay' } as const;

/** '/admin/audience' (owner, editor; docs/product.md "Audience"): the listener report of a period. */
export function AudiencePage() {
  const [choice, setChoice] = useState<PeriodChoice>('today');
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const period = periodRange(choice, month, Date.now());
  const report = useQuery(audienceQuery(period.from, period.to));
  const ads = useQuery({ ...adInventoryQuery(), enabled: report.isSuccess });

  const downloadCsv = (r: AudienceReport) =>
    // The same rows, the same rounding as the page (domain/audience.ts) and as /api/admin/audience.csv.
    downloadFile(`${currentTenant()}-audience-${period.from}.csv`, [[AUDIENCE_CSV_HEADER, ...r.hours.map(audienceCsvRow)].join('\r\n') + '\r\n'], 'text/csv;charset=utf-8');

  let body;
  if (report.isPending) body = <Placeholders count={3} className="audience-placeholder" />;
  else if (report.isLoadingError) body = <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  else {
    const r = report.data;
    const busy = r.hours.filter((h) => h.listeningHours > 0 || h.peak > 0);
    body = (
      <>
        <dl className="audience-totals" aria-label="Totals">
          <div>
            <dt>Listening hours</dt>
            <dd data-testid="total-hours">{r.totals.listeningHours}</dd>
          </div>
          <div>
            <dt>Unique listeners</dt>
            <dd data-testid="unique-listeners">{r.totals.uniqueListeners}</dd>
          </div>
          <div>
            <dt>Average minutes a session</dt>
            <dd>{r.totals.averageMinutes}</dd>
          </div>
          <div>
            <dt>Sessions</dt>
            <dd data-testid="sessions">{r.totals.sessions}</dd>
          </div>
        </dl>
        <div className="audience-actions">
          <button type="button" onClick={() => downloadCsv(r)}>
            Download CSV
          </button>
          <button type="button" className="secondary" onClick={() => window.print()}>
            Print summary
          </button>
        </div>

        <section aria-labelledby="hours-heading" className="audience-block">
          <h2 id="hours-heading">Listeners at once, hour by hour (UTC)</h2>
          {/* A chart of nothing but zeros says less than the empty line below it. */}
          {busy.length > 0 && (
            <>
              <HoursChart hours={r.hours} />
              <p className="muted chart-key">Wide bars: peak; narrow bars: average.</p>
            </>
          )}
          <Table caption="Hours with listeners" head={['Hour (UTC)', 'Peak', 'Average', 'Listening hours', 'Unique']} rows={busy.map((h) => [h.hour.slice(0, 13).replace('T', ' ') + ':00', h.peak, h.average, h.listeningHours, h.unique])} empty="No listening in this period yet." />
        </section>

        <section aria-labelledby="days-heading" className="audience-block">
          <h2 id="days-heading">Unique listeners per day</h2>
          {r.days.some((d) => d.unique > 0) && <DaysChart days={r.days} />}
          <Table caption="Days" head={['Day (UTC)', 'Unique listeners', 'Listening hours']} rows={r.days.map((d) => [d.day, d.unique, d.listeningHours])} empty="No listeners yet." />
        </section>

        <section aria-labelledby="shows-heading" className="audience-block">
          <h2 id="shows-heading">Top shows by listening hours</h2>
          {r.shows.length > 0 && <ShowsChart shows={r.shows} />}
          <Table caption="Shows (live listening while each was on air)" head={['Show', 'Listening hours']} rows={r.shows.map((s) => [s.title, s.listeningHours])} empty="No show on air had listeners yet." />
        </section>

        <section aria-labelledby="kinds-heading" className="audience-block">
          <h2 id="kinds-heading">Live and on demand</h2>
          {r.kinds.some((k) => k.listeningHours > 0) && <KindsChart kinds={r.kinds} />}
          <Table caption="Listening hours by kind" head={['Kind', 'Listening hours']} rows={r.kinds.map((k) => [KIND_LABELS[k.kind], k.listeningHours])} />
        </section>

        <section aria-labelledby="sources-heading" className="audience-block">
          <h2 id="sources-heading">Our player and other players</h2>
          <Table caption="Listening hours by source: our player (its beacon) and other players of the relay's stream (its segment requests, one session per player)" head={['Source', 'Listening hours']} rows={r.sources.map((x) => [SOURCE_LABELS[x.source], x.listeningHours])} />
        </section>

        <section aria-labelledby="countries-heading" className="audience-block">
          <h2 id="countries-heading">Listeners&apos; chosen country</h2>
          <Table caption="Listening hours by chosen country (?? when none was chosen)" head={['Country', 'Listening hours']} rows={r.countries.map((c) => [c.country, c.listeningHours])} empty="No listening yet." />
        </section>

        <section aria-labelledby="upstream-heading" className="audience-block">
          <h2 id="upstream-heading">The stream server&apos;s own count</h2>
          <Table caption="Listeners the upstream (AzuraCast, Icecast) reported, per hour" head={['Hour (UTC)', 'Peak', 'Average']} rows={r.upstream.map((u) => [u.hour.slice(0, 13).replace('T', ' ') + ':00', u.peak, u.average])} empty="The upstream reported no listener count in this period." />
        </section>

        <SponsorSummary report={r} label={period.label} ads={ads.data ?? []} />
      </>
    );
  }

  return (
    <section className="admin-audience" aria-labelledby="audience-heading">
      <header>
        <h1 id="audience-heading">Audience</h1>
        <p className="muted">Counted from this app&apos;s player only while sound plays: no cookies, no trackers.</p>
      </header>
      <div className="audience-period">
        <label htmlFor="audience-period">Period</label>
        <select id="audience-period" value={choice} onChange={(e) => setChoice(e.target.value as PeriodChoice)}>
          <option value="today">Today</option>
          <option value="7d">7 days</option>
          <option value="30d">30 days</option>
          <option value="month">A month</option>
        </select>
        {choice === 'month' && (
          <>
            <label htmlFor="audience-month">Month</label>
            <input id="audience-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </>
        )}
      </div>
      {body}
    </section>
  );
}

function Table({ caption, head, rows, empty }: { caption: string; head: string[]; rows: (string | number)[][]; empty?: string }) {
  if (rows.length === 0 && empty) return <p className="muted">{empty}</p>;
  return (
    <div className="audience-table">
      <table className="striped">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
