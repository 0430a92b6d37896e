import { useEffect, useSyncExternalStore } from 'react';

// Parts of the page still being drawn after its first screen (a deferred render, a part
// waiting for its chunk or its data). Until they are in, the page is shorter
// than it will be and the footer sits near the top: its ad would be asked for, and its
// impression counted, for a slot the listener never comes near (docs/performance.md).
let drawing = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

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

/** true once no part of the page is still being drawn. */
export function usePageDrawn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => drawing === 0,
    () => true,
  );
}
