import { embedVersion, type EmbedName } from '../../domain/embeds';
import { apiUrl } from '../lib/api-client';
import { useLowData } from '../lib/low-data';

interface EmbedFrameProps {
  /** Which admin-pasted HTML of the tenant's settings to show (domain/embeds.ts). */
  name: EmbedName;
  /** The same HTML as in settings: only used to render nothing when it is empty. */
  html: string;
  title: string;
  height?: number;
  className?: string;
}

/**
 * Admin-pasted HTML is served by /embed/<name> with its own policy and shown in a frame
 * sandboxed without allow-same-origin: an opaque origin with no access to the app's DOM,
 * storage, cookies or the admin key (docs/product.md). Low Data Mode turns embeds off.
 */
export function EmbedFrame({ name, html, title, height = 120, className }: EmbedFrameProps) {
  const [lowData] = useLowData();
  if (!html.trim()) return null;
  if (lowData) {
    return <p className="muted embed-off">{title} is hidden in Low Data Mode.</p>;
  }
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
