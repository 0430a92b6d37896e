import { useCallback, useState } from 'react';

/**
 * true once the element given to the returned ref has come within `rootMargin` of the
 * screen (one screen by default), and from then on. Where IntersectionObserver is missing,
 * true at once. A slot below the fold asks the server for its ad only then: the answer counts
 * an impression, and on a first visit its request, render and image are not part of the
 * page's start (docs/performance.md). The observer lives with the element (a ref callback
 * with a cleanup), so attaching it costs no extra render.
 */
export function useNearViewport<T extends Element>(rootMargin = '100% 0px'): [(element: T | null) => (() => void) | void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            setNear(true);
          }
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [rootMargin],
  );
  return [ref, near];
}
