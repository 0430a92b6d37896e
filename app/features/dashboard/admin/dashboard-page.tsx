import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { findCountry } from '../../../../domain/countries';
import { tenantHasEvents, tenantHasPrayers } from '../../../../domain/tenants';
import { ErrorState, Placeholders } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { adminArtistsQuery } from '../../artists/api';
import { adminEventsQuery } from '../../events/api';
import { adminPrayersQuery } from '../../community/api';
import { adminSponsorsQuery } from '../../sponsors/api';
import { adminTracksQuery } from '../../tracks/api';
import { currentTenant } from '../../../lib/tenant';
import { csvFileName } from './csv';
import { HOME_COUNTRY, dashboardFigures, prayerStats } from './dashboard-stats';
import { downloadFile } from '../../../lib/download-file';
import { EXPORT_KINDS, EXPORT_LABELS, exportCsv, type ExportData, type ExportKind } from './exports';
import './admin-dashboard.css';
import { Flag } from '../../../components/flag';
import { TableHead } from '../../../components/table-head';

const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

const STATUS_LABELS = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' } as const;

/** 'Admin Dashboard' (docs/product.md#screens): KPIs, top countries, recent activity, exports, submissions, tracks. */
export function DashboardPage() {
  const tenant = currentTenant();
  const withPrayers = tenantHasPrayers(tenant);
  const withEvents = tenantHasEvents(tenant);
  const [artists, tracks, sponsors, prayers, events] = useQueries({
    queries: [
      // The resources' admin queries, shared with moderation and the sponsors page, so a
      // change made on any admin page shows here too. Prayers: both approved states.
      adminArtistsQuery(),
      adminTracksQuery(),
      adminSponsorsQuery(),
      { ...adminPrayersQuery(), enabled: withPrayers },
      { ...adminEventsQuery(), enabled: withEvents },
    ],
  });
  const needed = [artists, tracks, sponsors, ...(withPrayers ? [prayers] : []), ...(withEvents ? [events] : [])];
  const failed = needed.find((q) => q.isLoadingError);

  return (
    <section className="admin-dashboard" aria-labelledby="dashboard-heading">
      <header className="dash-header">
        <h1 id="dashboard-heading">Admin Dashboard</h1>
        <span className="dash-badge">Real-time Data</span>
      </header>
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => needed.forEach((q) => q.isLoadingError && q.refetch())} />
      ) : needed.some((q) => q.isPending) ? (
        <Placeholders count={4} className="dash-kpi-placeholder" />
      ) : (
        <DashboardContent
          tenant={tenant}
          data={{
            artists: artists.data ?? [],
            tracks: tracks.data ?? [],
            sponsors: sponsors.data ?? [],
            events: withEvents ? (events.data ?? []) : [],
          }}
          prayers={withPrayers ? (prayers.data ?? []) : null}
        />
      )}
    </section>
  );
}

function DashboardContent({ tenant, data, prayers }: { tenant: string; data: ExportData; prayers: { approved: boolean }[] | null }) {
  const { toast } = useToast();
  const { artists, tracks, events } = data;
  const { fresh, rate, fromHome, top, recent, submissions, stats, firstTracks } = dashboardFigures(artists, tracks, Date.now());
  const homeName = findCountry(HOME_COUNTRY)?.name ?? HOME_COUNTRY;
  const artistName = new Map(artists.map((a) => [a.id, a.name]));

  const exportKind = (kind: ExportKind) => {
    const csv = exportCsv(kind, data);
    if (csv === null) {
      toast({ title: 'No Data', description: 'No data available for export.', variant: 'destructive' });
      return;
    }
    const file = csvFileName(tenant, kind, new Date());
    // The byte-order mark lets spreadsheet programs read the UTF-8 (accented names) correctly.
    downloadFile(file, ['\uFEFF', csv], 'text/csv;charset=utf-8');
    toast({ title: 'Export Successful', description: `${file} has been downloaded.` });
  };

  return (
    <>
      <div className="dash-kpis">
        <Kpi id="kpi-new" title="New Submissions" value={fresh.total}>
          {fresh.artists} artists · {fresh.tracks} tracks in the last 7 days
        </Kpi>
        <Kpi id="kpi-rate" title="Approval Rate" value={`${rate.percent}%`}>
          {rate.approved} approved · {rate.pending} pending
        </Kpi>
        <Kpi id="kpi-artists" title="Total Artists" value={artists.length}>
          {fromHome} from {homeName}
        </Kpi>
        {prayers ? (
          <Kpi id="kpi-prayers" title="Prayer Requests" value={prayers.length}>
            {prayerStats(prayers).approved} approved
          </Kpi>
        ) : (
          <Kpi id="kpi-events" title="Events" value={events.length}>
            {events.filter((e) => e.isPublic).length} public
          </Kpi>
        )}
      </div>

      <div className="dash-columns">
        <article aria-labelledby="top-countries-heading">
          <h2 id="top-countries-heading">Top Countries</h2>
          {top.length === 0 ? (
            <p className="muted">No artists yet.</p>
          ) : (
            <ol className="dash-countries">
              {top.map(({ country, count }) => (
                <li key={country.code}>
                  <Flag code={country.code} /> <span className="dash-country-name">{country.name}</span>
                  <strong>{count}</strong>
                </li>
              ))}
            </ol>
          )}
        </article>

        <article aria-labelledby="recent-activity-heading">
          <h2 id="recent-activity-heading">Recent Activity</h2>
          {recent.length === 0 ? (
            <p className="muted">No activity yet.</p>
          ) : (
            <ul className="dash-activity">
              {recent.map((a) => (
                <li key={a.id}>
                  <span>
                    <strong>{a.name}</strong> from {findCountry(a.countryCode)?.name ?? 'Unknown'}
                  </span>
                  <small className="muted">
                    {a.approved ? 'Approved' : 'Pending'} · <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                  </small>
                </li>
              ))}
            </ul>
          )}
        </article>

        <article aria-labelledby="exports-heading">
          <h2 id="exports-heading">Export &amp; Reports</h2>
          <p className="muted">Download CSV files for spreadsheets and reports.</p>
          <div className="dash-exports">
            {EXPORT_KINDS.map((kind) => (
              <button key={kind} type="button" className="outline" onClick={() => exportKind(kind)}>
                {EXPORT_LABELS[kind]}
              </button>
            ))}
          </div>
        </article>
      </div>

      <article aria-labelledby="submissions-heading">
        <h2 id="submissions-heading">Recent Artist Submissions</h2>
        {submissions.length === 0 ? (
          <p className="muted">No artist submissions yet.</p>
        ) : (
          <table className="dash-table">
            <TableHead columns={['Name', 'Country', 'Submitted', 'Status']} />
            <tbody>
              {submissions.map((a) => {
                const country = findCountry(a.countryCode);
                return (
                  <tr key={a.id}>
                    <td data-label="Name">{a.name}</td>
                    <td data-label="Country">{country ? (
                        <>
                          <Flag code={country.code} /> {country.name}
                        </>
                      ) : (
                        'Unknown'
                      )}</td>
                    <td data-label="Submitted">
                      <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={a.approved ? 'approved' : 'pending'} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </article>

      <article aria-labelledby="track-stats-heading">
        <h2 id="track-stats-heading">Track Statistics</h2>
        <dl className="dash-track-counts">
          <div>
            <dt>Approved</dt>
            <dd data-testid="tracks-approved">{stats.approved}</dd>
          </div>
          <div>
            <dt>Pending Review</dt>
            <dd data-testid="tracks-pending">{stats.pending}</dd>
          </div>
          <div>
            <dt>Rejected</dt>
            <dd data-testid="tracks-rejected">{stats.rejected}</dd>
          </div>
        </dl>
        {firstTracks.length === 0 ? (
          <p className="muted">No tracks yet.</p>
        ) : (
          <table className="dash-table">
            <TableHead columns={['Title', 'Artist', 'Genre', 'Status']} />
            <tbody>
              {firstTracks.map((t) => (
                <tr key={t.id}>
                  <td data-label="Title">{t.title}</td>
                  <td data-label="Artist">{artistName.get(t.artistId) ?? 'Unknown'}</td>
                  <td data-label="Genre">{t.genre}</td>
                  <td data-label="Status">
                    <StatusBadge status={t.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </article>
    </>
  );
}

function Kpi({ id, title, value, children }: { id: string; title: string; value: string | number; children: ReactNode }) {
  return (
    <section className="dash-kpi" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="dash-kpi-value" data-testid={`${id}-value`}>
        {value}
      </p>
      <small className="muted" data-testid={`${id}-detail`}>
        {children}
      </small>
    </section>
  );
}

function StatusBadge({ status }: { status: keyof typeof STATUS_LABELS }) {
  return <span className={`dash-status dash-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
