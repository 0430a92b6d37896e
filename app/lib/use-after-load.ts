import { useEffect, useState } from 'react';

/**
 * false until the page's load event has passed (and on the server, and in the render that
 * hydrates), then true. For a part that is not on the first screen's critical path and loads
 * its own chunk: mounted after load, its bytes never count against the first visit at the wire
 * (docs/performance.md), whatever the race between hydration and the load event.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
