import type { Ad } from '../../../../domain/ads';
import type { AudienceReport } from '../../../../domain/audience';

/**
 * The one-page summary for sponsors ('Print summary'): shown only when printing (audience.css,
 * @media print), A4 or Letter. The audience of the period beside each ad's impressions and
 * clicks (the ads' counts are since each ad began: the ads keep no daily counts).
 */
export function SponsorSummary({ report, label, ads }: { report: AudienceReport; label: string; ads: Ad[] }) {
  const peak = Math.max(0, ...report.hours.map((h) => h.peak));
  return (
    <section className="audience-print" aria-hidden="true">
      <h1>Audience summary: {label}</h1>
      <dl>
        <dt>Listening hours</dt>
        <dd>{report.totals.listeningHours}</dd>
        <dt>Unique listeners</dt>
        <dd>{report.totals.uniqueListeners}</dd>
        <dt>Most listeners at once</dt>
        <dd>{peak}</dd>
        <dt>Average minutes a session</dt>
        <dd>{report.totals.averageMinutes}</dd>
      </dl>
      <h2>Top shows</h2>
      <ol>
        {report.shows.slice(0, 5).map((s) => (
          <li key={s.showId}>
            {s.title}: {s.listeningHours} h
          </li>
        ))}
      </ol>
      <h2>Sponsors&apos; ads</h2>
      <table>
        <thead>
          <tr>
            <th>Ad</th>
            <th>Links to</th>
            <th>Impressions</th>
            <th>Clicks</th>
          </tr>
        </thead>
        <tbody>
          {ads.map((ad) => (
            <tr key={ad.id}>
              <td>{ad.alt || ad.id}</td>
              <td>{hostOf(ad.targetUrl)}</td>
              <td>{ad.impressions}</td>
              <td>{ad.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Counted by the station&apos;s own app while sound plays; no cookies, no third-party trackers. Ad counts since each ad began.</p>
    </section>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};
