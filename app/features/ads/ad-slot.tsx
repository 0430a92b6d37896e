import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdSlot as AdSlotName } from '../../../domain/catalog';
import type { EmbedName } from '../../../domain/embeds';
import { servedAdQuery } from './api';
import { lowDataNow, useLowData } from '../../lib/low-data';
import { selectedCountryNow, useSelectedCountry } from '../../lib/selected-country';
import { useSettings } from '../settings/api';
import { mayPrefetch } from '../../lib/server-render';
import { useNearViewport } from '../../lib/use-near-viewport';
import { EmbedFrame } from '../../components/embed-frame';

const EMBED_ZONES: Partial<Record<AdSlotName, 'leaderboardEmbed' | 'sidebarEmbed' | 'infeedEmbed'>> = {
  leaderboard: 'leaderboardEmbed',
  sidebar: 'sidebarEmbed',
  infeed: 'infeedEmbed',
};

/**
 * The box each slot's creative is drawn for (the demo ads use these sizes), given to the
 * image before it loads so nothing below it moves when it arrives; a creative of another
 * shape keeps its own proportions once loaded (CSS height: auto).
 */
const SLOT_BOX: Record<AdSlotName, { width: number; height: number }> = {
  leaderboard: { width: 728, height: 90 },
  footer: { width: 728, height: 90 },
  sidebar: { width: 300, height: 250 },
  infeed: { width: 600, height: 200 },
  artists: { width: 600, height: 200 },
  directory: { width: 300, height: 250 },
  schedule: { width: 600, height: 200 },
};

/**
 * Asks for a page's top ad together with the page's own data (from its route loader), not
 * once the page has rendered: on a phone that ad is often the largest thing on the first
 * screen. It does not wait for the settings either: the server serves in hybrid mode only
 * (204 otherwise, nothing counted). Not in Low Data Mode, and not for link-hover preloads,
 * which would count an impression for an ad nobody saw.
 */
export function prefetchTopAd(queryClient: QueryClient, slot: AdSlotName, preload: boolean): void {
  if (preload || lowDataNow()) return;
  const query = servedAdQuery(slot, selectedCountryNow());
  // A page the server rendered without its ad (docs/server-render.md): the slot asks once hydrated.
  if (!mayPrefetch(queryClient, query.queryKey)) return;
  void queryClient
    .fetchQuery(query)
    .then((ad) => {
      // The creative starts downloading now, while the page renders, not once it has.
      if (ad) new Image().src = ad.imageUrl;
    })
    .catch(() => {});
}

/** Each page's first ad, near the top: prefetched, so not left to lazy loading. */
const TOP_SLOTS: ReadonlySet<AdSlotName> = new Set(['leaderboard', 'artists', 'schedule']);

/**
 * docs/product.md#states-and-transitions: embed mode shows the zone's HTML; hybrid shows a placeholder then the served
 * ad (refetched every 60 s); otherwise, or with no ad, the 'Advertise Here!' house panel.
 * A slot other than the page's top one is served once it comes within a screen of view.
 */
export function AdSlot({ slot }: { slot: AdSlotName }) {
  const settings = useSettings();
  const [country] = useSelectedCountry();
  const [lowData] = useLowData();
  const mode = settings.data?.adMode;
  const hybrid = mode === 'hybrid';
  const top = TOP_SLOTS.has(slot);
  const [placeholderRef, near] = useNearViewport<HTMLDivElement>();
  const ad = useQuery({ ...servedAdQuery(slot, country), enabled: hybrid && !lowData && (top || near) });
  const zone = EMBED_ZONES[slot];

  if (!settings.data) return <div className={`ad-slot ad-${slot} placeholder`} aria-hidden="true" />;
  if (mode === 'embed') {
    const html = zone ? settings.data.adZones[zone] : '';
    return html ? (
      <aside className={`ad-slot ad-${slot}`} aria-label="Advertisement">
        <EmbedFrame name={`ad-${slot}` as EmbedName} html={html} title="Advertisement" height={slot === 'leaderboard' ? 90 : 250} />
      </aside>
    ) : (
      <HousePanel slot={slot} />
    );
  }
  if (hybrid && !lowData) {
    if (ad.isPending) return <div ref={top ? undefined : placeholderRef} className={`ad-slot ad-box ad-${slot} placeholder`} aria-hidden="true" />;
    if (ad.data) {
      return (
        <aside className={`ad-slot ad-box ad-${slot}`} aria-label="Advertisement">
          <a href={`/out/${ad.data.id}`} target="_blank" rel="noopener sponsored">
            <img
              src={ad.data.imageUrl}
              alt={ad.data.alt || 'Advertisement'}
              width={SLOT_BOX[slot].width}
              height={SLOT_BOX[slot].height}
              loading={TOP_SLOTS.has(slot) ? 'eager' : 'lazy'}
              decoding="async"
            />
          </a>
        </aside>
      );
    }
  }
  return <HousePanel slot={slot} />;
}

function HousePanel({ slot }: { slot: AdSlotName }) {
  return (
    <aside className={`ad-slot ad-${slot} ad-house`} aria-label="Advertise with us">
      <strong>Advertise Here!</strong>
      <span>Reach Caribbean listeners.</span>
      <Link to="/sponsors/submit">Become a Sponsor</Link>
    </aside>
  );
}
