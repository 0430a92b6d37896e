import { useQuery } from '@tanstack/react-query';
import type { Sponsor } from '../../../../domain/sponsors';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { adminSponsorsQuery } from '../api';
import { SponsorAdminCard } from './sponsor-admin-card';
import { CardList } from '../../../components/card-list';
import { splitSponsors } from './sponsor-review';
import './admin-sponsors.css';

/** Sponsors admin (docs/product.md): review applications, activate, set tier, logo and link. */
export function SponsorsAdminPage() {
  const sponsors = useQuery(adminSponsorsQuery());

  let body;
  if (sponsors.isPending) body = <Placeholders count={3} className="spadmin-placeholder" />;
  else if (sponsors.isLoadingError) body = <ErrorState error={sponsors.error} onRetry={() => void sponsors.refetch()} />;
  else {
    const { applications, active } = splitSponsors(sponsors.data);
    body = (
      <>
        <section aria-labelledby="spadmin-applications">
          <h2 id="spadmin-applications">Applications ({applications.length})</h2>
          {applications.length === 0 ? (
            <p className="muted">No applications waiting.</p>
          ) : (
            <SponsorList sponsors={applications} />
          )}
        </section>
        <section aria-labelledby="spadmin-active">
          <h2 id="spadmin-active">Active Sponsors ({active.length})</h2>
          {active.length === 0 ? (
            <EmptyState title="No Sponsors Yet">
              <p>Activate an application and it appears on the public sponsors page.</p>
            </EmptyState>
          ) : (
            <SponsorList sponsors={active} />
          )}
        </section>
      </>
    );
  }

  return (
    <section className="admin-sponsors" aria-labelledby="sponsors-admin-heading">
      <header className="spadmin-header">
        <h1 id="sponsors-admin-heading">Sponsor Management</h1>
        <p className="muted">Applications wait here inactive until you activate them.</p>
      </header>
      {body}
    </section>
  );
}

function SponsorList({ sponsors }: { sponsors: readonly Sponsor[] }) {
  return <CardList items={sponsors} className="spadmin-list" card={(s) => <SponsorAdminCard sponsor={s} />} />;
}
