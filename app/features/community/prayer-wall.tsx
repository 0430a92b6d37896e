import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/states';
import { QueryList } from '../../components/query-list';
import { CardList } from '../../components/card-list';
import { useSettings } from '../settings/api';
import { approvedPrayersQuery } from './api';
import { PrayerCard } from './prayer-card';
import { PrayerForm } from './prayer-form';
import './community.css';

/** The caribbean tenant's community page (docs/product.md#screens). */
export function PrayerWallPage() {
  const settings = useSettings();
  const open = settings.data?.enablePrayerWall ?? false;

  return (
    <div className="prayer-wall">
      <header>
        <h1>Prayer Wall</h1>
        <p className="muted">Share what is on your heart and stand with others in prayer.</p>
      </header>
      {settings.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : settings.isLoadingError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : open ? (
        <div className="prayer-wall-layout">
          <PrayerList />
          <PrayerForm />
        </div>
      ) : (
        <EmptyState title="The Prayer Wall Is Closed">
          <p>The prayer wall is closed right now. Please check back later.</p>
        </EmptyState>
      )}
    </div>
  );
}

function PrayerList() {
  const prayers = useQuery(approvedPrayersQuery());
  return (
    <section className="prayer-list-section" aria-labelledby="prayer-list-heading">
      <h2 id="prayer-list-heading">Prayer Requests</h2>
      <QueryList
        query={prayers}
        items={prayers.data}
        loading={<p aria-busy="true">Loading prayers…</p>}
        emptyTitle="No Prayers Yet"
        emptyText="Be the first to share a prayer request."
      >
        {(approved) => (
          // Focusable so keyboard users can scroll the list on its own.
          <div className="prayer-scroll" tabIndex={0} role="region" aria-label="Approved prayer requests">
            <CardList items={approved} className="prayer-list" card={(p) => <PrayerCard prayer={p} />} />
          </div>
        )}
      </QueryList>
    </section>
  );
}
