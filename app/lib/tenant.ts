import { resolveTenant, type Tenant } from '../../domain/tenants';
import { pageLocation } from './page-location';

export function currentTenant(loc: Pick<Location, 'hostname' | 'search'> = pageLocation()): Tenant {
  return resolveTenant(loc.hostname, new URLSearchParams(loc.search).get('tenant'));
}

/**
 * docs/product.md#who-it-is-for: switching replaces the 'watzhott'/'caribbean' part of the host, or, on hosts
 * with neither, sets the tenant parameter. The path is kept.
 */
export function tenantSwitchUrl(href: string, target: Tenant): string {
  const url = new URL(href);
  const host = url.hostname.toLowerCase();
  if (host.includes('watzhott') || host.includes('caribbean')) {
    const from = target === 'caribbean' ? /watzhott/gi : /caribbean/gi;
    url.hostname = url.hostname.replace(from, target);
    url.searchParams.delete('tenant');
  } else if (target === 'caribbean') {
    url.searchParams.set('tenant', 'caribbean');
  } else {
    url.searchParams.delete('tenant');
  }
  return url.toString();
}
