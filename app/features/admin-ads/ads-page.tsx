import { useQuery } from '@tanstack/react-query';
import { ErrorState, Placeholders } from '../../components/states';
import { AdInventory } from './ad-inventory';
import { AdSettingsForm } from './ad-settings-form';
import { adminSettingsQuery } from '../../api/settings';
import './admin-ads.css';

/** 'Advertisement Management' (docs/product.md#screens) plus the ad inventory (docs/product.md). */
export function AdsPage() {
  const settings = useQuery(adminSettingsQuery());
  return (
    <section className="admin-ads" aria-labelledby="ads-heading">
      <h1 id="ads-heading">Advertisement Management</h1>
      {settings.isPending ? (
        <Placeholders count={1} className="ad-settings-placeholder" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <AdSettingsForm loaded={settings.data} />
      )}
      <AdInventory />
    </section>
  );
}
