import type { TenantSettings } from '../../../domain/settings';
import { isHttpUrl } from '../../../domain/fields';

/** The pages that only send the visitor elsewhere (docs/product.md#screens: community, shop, give). */
export type LinkOutKind = 'community' | 'shop' | 'give';

interface LinkOutCopy {
  setting: keyof Pick<TenantSettings, 'communityUrl' | 'shopUrl' | 'donateUrl'>;
  title: string;
  /** Shown when the tenant has not configured the link yet. */
  unset: string;
  /** Shown for the moment before the browser leaves. */
  leaving: string;
}

export const LINK_OUTS: Record<LinkOutKind, LinkOutCopy> = {
  community: {
    setting: 'communityUrl',
    title: 'Community',
    unset: 'Our community link is being set up. Please check back soon.',
    leaving: 'Taking you to our community…',
  },
  shop: {
    setting: 'shopUrl',
    title: 'Shop',
    unset: 'Shop coming soon',
    leaving: 'Taking you to our shop…',
  },
  give: {
    setting: 'donateUrl',
    title: 'Give',
    unset: 'Donation options coming soon',
    leaving: 'Taking you to our donation page…',
  },
};

/**
 * Where the page should send the visitor, or null to show the 'coming soon' message.
 * The server only stores http(s) or same-origin URLs; checking again here means a bad stored
 * value (say `javascript:`) can never become a navigation.
 */
export function linkOutTarget(settings: Pick<TenantSettings, LinkOutCopy['setting']>, kind: LinkOutKind): string | null {
  const url = settings[LINK_OUTS[kind].setting]?.trim() ?? '';
  return url !== '' && isHttpUrl(url) ? url : null;
}
