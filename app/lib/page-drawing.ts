import { useEffect, useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

// Parts of the page still being drawn after its first screen (a deferred render, a part
// waiting for its chunk or its data). Until they are in, the page is shorter
// than it will be and the footer sits near the top: its ad would be asked for, and its
// impression counted, for a slot the listener never comes near (docs/performance.md).
let drawing = 0;
const { subscribe, notify: emit } = createListeners();

/** Marks the calling component's part of the page as still being drawn while `active`. */
export function useStillDrawing(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    drawing += 1;
    emit();
    return () => {
      drawing -= 1;
      emit();
    };
  }, [active]);
}

/**
 * The attribute a part of the page still to be drawn carries in its markup. A page the server
 * rendered may come without a part (the radio page's lower part), and the browser hydrates
 * the page's route after the layout around it: until then the part's own `useStillDrawing`
 * has not run, but its marked element is already in the page (docs/server-render.md).
 */
export const STILL_DRAWING_ATTRIBUTE = 'data-still-drawing';

const drawn = () => drawing === 0 && !document.querySelector(`[${STILL_DRAWING_ATTRIBUTE}]`);

/** true once no part of the page is still being drawn; false on the server and while the browser hydrates its page. */
export function usePageDrawn(): boolean {
  return useSyncExternalStore(subscribe, drawn, () => false);
}
