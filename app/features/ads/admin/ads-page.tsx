import { useQuery } from '@tanstack/react-query';
import { ErrorState, Placeholders } from '../../../components/states';
import { AdInventory } from './ad-inventory';
import { AdSettingsForm } from './ad-settings-form';
import { adminSettingsQuery } from '../../settings/api';
import { useAdminAccess } from '../../../lib/admin-access';
import './admin-ads.css';

/**
 * 'Advertisement Management' (docs/product.md#screens) plus the ad inventory (docs/product.md).
 * The ad settings are an owner's; an editor gets the inventory only (docs/api.md, "Admins who are people").
 */
export function AdsPage() {
  const owner = useAdminAccess()?.role === 'owner';
  const settings = useQuery({ ...adminSettingsQuery(), enabled: owner });
  return (
    <section className="admin-ads" aria-labelledby="ads-heading">
      <h1 id="ads-heading">Advertisement Management</h1>
      {!owner ? (
        <p className="muted">The ad mode and zones are the owner's; you manage the ad inventory below.</p>
      ) : settings.isPending ? (
        <Placeholders count={1} className="ad-settings-placeholder" />
      ) : settings.isLoadingError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <AdSettingsForm loaded={settings.data} />
      )}
      <AdInventory />
    </section>
  );
}
