import { useDeferredValue } from 'react';
import { useStillDrawing } from './page-drawing';

/**
 * false on a component's first render, true on a second one React runs in the background,
 * in slices that let the phone answer a tap and paint in between. A page renders what is on
 * the first screen at once and the rest this way, so no single long task holds the main
 * thread when its data arrives (issue 7: total blocking time on a slow CPU). Data updates
 * from TanStack Query and the router are synchronous renders; this is how a page splits one.
 */
export function useDeferredMount(): boolean {
  const ready = useDeferredValue(true, false);
  useStillDrawing(!ready);
  return ready;
}
