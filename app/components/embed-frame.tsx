import { useLowData } from '../lib/low-data';

interface EmbedFrameProps {
  html: string;
  title: string;
  height?: number;
  className?: string;
}

/**
 * Admin-pasted HTML runs in a sandboxed frame without allow-same-origin: an opaque origin
 * with no access to the app's DOM, storage, cookies or the admin key (product.md).
 * Low Data Mode turns embeds off.
 */
export function EmbedFrame({ html, title, height = 120, className }: EmbedFrameProps) {
  const [lowData] = useLowData();
  if (!html.trim()) return null;
  if (lowData) {
    return <p className="muted embed-off">{title} is hidden in Low Data Mode.</p>;
  }
  return (
    <iframe
      className={`embed-frame ${className ?? ''}`}
      title={title}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"
      referrerPolicy="no-referrer"
      loading="lazy"
      srcDoc={html}
      style={{ height }}
    />
  );
}
