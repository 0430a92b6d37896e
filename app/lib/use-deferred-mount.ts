import { useDeferredValue } from 'react';
import { useStillDrawing } from './page-drawing';
import { renderingWholePage } from './server-render';

/**
 * false on a component's first render, true on a second one React runs in the background,
 * in slices that let the phone answer a tap and paint in between. A page renders what is on
 * the first screen at once and the rest this way, so no single long task holds the main
 * thread when its data arrives (issue 7: total blocking time on a slow CPU). Data updates
 * from TanStack Query and the router are synchronous renders; this is how a page splits one.
 *
 * A page the server rendered is drawn whole there and hydrated whole (no DOM to make), except
 * a part marked `clientOnly`: one that depends on the device (its time zone), which the
 * server cannot know (docs/server-render.md).
 */
export function useDeferredMount({ clientOnly = false }: { clientOnly?: boolean } = {}): boolean {
  const ready = useDeferredValue(true, !clientOnly && renderingWholePage());
  useStillDrawing(!ready);
  return ready;
}
