import { embedVersion, type EmbedName } from '../../domain/embeds';
import { apiUrl } from '../lib/api-client';
import { useLowData } from '../lib/low-data';
import { useNearViewport } from '../lib/use-near-viewport';

interface EmbedFrameProps {
  /** Which admin-pasted HTML of the tenant's settings to show (domain/embeds.ts). */
  name: EmbedName;
  /** The same HTML as in settings: only used to render nothing when it is empty. */
  html: string;
  title: string;
  height?: number;
  className?: string;
  /**
   * Made only once its place comes within a screen of view: for a frame far down a page,
   * whose creation (a new document, often the station's own scripts) is not part of the
   * page's start on a phone or its data (docs/performance.md).
   */
  whenNear?: boolean;
}

/**
 * Admin-pasted HTML is served by /embed/<name> with its own policy and shown in a frame
 * sandboxed without allow-same-origin: an opaque origin with no access to the app's DOM,
 * storage, cookies or the admin key (docs/product.md). Low Data Mode turns embeds off.
 */
export function EmbedFrame({ name, html, title, height = 120, className, whenNear = false }: EmbedFrameProps) {
  const [lowData] = useLowData();
  const [placeRef, near] = useNearViewport<HTMLDivElement>();
  if (!html.trim()) return null;
  if (lowData) {
    return <p className="muted embed-off">{title} is hidden in Low Data Mode.</p>;
  }
  if (whenNear && !near) return <div ref={placeRef} className={`embed-frame ${className ?? ''}`} style={{ height }} aria-hidden="true" />;
  // The content's fingerprint in the URL: a new frame when an admin changes it, and the
  // browser's cached copy until then (the server marks a matching URL immutable).
  const src = apiUrl(`/embed/${name}?v=${embedVersion(html)}`);
  return (
    <iframe
      className={`embed-frame ${className ?? ''}`}
      title={title}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation"
      referrerPolicy="no-referrer"
      loading="lazy"
      src={src}
      style={{ height }}
    />
  );
}
