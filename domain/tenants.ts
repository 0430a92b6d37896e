export const TENANTS = ['watzhott', 'caribbean'] as const;
export type Tenant = (typeof TENANTS)[number];

export const TENANT_NAMES: Record<Tenant, string> = {
  watzhott: 'Watzhott',
  caribbean: 'Caribbean Praise Radio',
};

/** Where a tenant's own logo is served (public/brand/): the settings' logo until an admin uploads another. */
export const builtInLogoUrl = (tenant: Tenant): string => `/brand/${tenant}-logo.svg`;
/** The tenant's logo as a square PNG (public/icons/, the manifest's icons): 192 is precached, 512 is not. */
export const builtInIconUrl = (tenant: Tenant, size: 192 | 512): string => `/icons/${tenant}-${size}.png`;

/**
 * docs/product.md#who-it-is-for / docs/api.md: caribbean when the host contains 'caribbean' or the
 * tenant parameter equals 'caribbean'; otherwise watzhott.
 */
export function resolveTenant(host: string | null | undefined, tenantParam: string | null | undefined): Tenant {
  if (tenantParam === 'caribbean') return 'caribbean';
  if (host && host.toLowerCase().includes('caribbean')) return 'caribbean';
  return 'watzhott';
}

/** docs/api.md "Tenant": an /api path as the tenant asks it (?tenant=caribbean; watzhott is the default). */
export function tenantApiPath(path: string, tenant: Tenant): string {
  if (tenant !== 'caribbean') return path;
  return path + (path.includes('?') ? '&' : '?') + 'tenant=caribbean';
}

export function isTenant(value: unknown): value is Tenant {
  return value === 'watzhott' || value === 'caribbean';
}

/** Events live on watzhott only; the prayer wall on caribbean only (docs/product.md#tenants). */
export const tenantHasEvents = (tenant: Tenant): boolean => tenant === 'watzhott';
export const tenantHasPrayers = (tenant: Tenant): boolean => tenant === 'caribbean';

export const EVENTS_UNAVAILABLE_MESSAGE = 'Events are only available on the Watzhott platform.';
export const PRAYERS_UNAVAILABLE_MESSAGE = 'The prayer wall is only available on Caribbean Praise Radio.';
