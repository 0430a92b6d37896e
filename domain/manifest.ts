import type { Tenant } from './tenants';

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  [key: string]: unknown;
}

/** Each tenant's brand colour: the manifest's theme colour and the page's theme-color. */
export const TENANT_THEME_COLORS: Record<Tenant, string> = { watzhott: '#0b6e4f', caribbean: '#6b2fa3' };

const CARIBBEAN = {
  name: 'Caribbean Praise Radio',
  short_name: 'Praise Radio',
  description: 'Caribbean gospel and praise radio, the prayer wall and artists from eleven countries.',
  theme_color: TENANT_THEME_COLORS.caribbean,
};

/**
 * The Caribbean tenant installs as its own app: its name, colours and icons, and its own
 * id so both stations can sit on one home screen. On hosts whose name does not say
 * 'caribbean' the tenant travels in the start URL's parameter.
 */
export function tenantManifest(base: WebManifest, tenant: Tenant, hostSaysCaribbean: boolean): WebManifest {
  if (tenant !== 'caribbean') return base;
  const start = hostSaysCaribbean ? '/?source=pwa' : '/?tenant=caribbean&source=pwa';
  return {
    ...base,
    ...CARIBBEAN,
    id: hostSaysCaribbean ? '/' : '/?tenant=caribbean',
    start_url: start,
    icons: base.icons.map((icon) => ({ ...icon, src: icon.src.replace('watzhott', 'caribbean') })),
  };
}
