import type { DehydratedState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the render under way draws the whole page at once: the server's render of a first
 * screen, and the browser's hydration of it, which must draw the same (docs/server-render.md).
 * Otherwise a page draws its lower parts in a second, background render (use-deferred-mount.ts).
 */
let wholePage = false;

export function setRenderingWholePage(on: boolean): void {
  wholePage = on;
}

export const renderingWholePage = (): boolean => wholePage;

const never = () => () => {};

/**
 * false while the server renders a page and while the browser hydrates it, true from then on
 * (and at once in an app that was not rendered by the server). A control that needs the app,
 * such as a button that starts the player, stays disabled until it works: a tap on the
 * server's page before the app has hydrated it would do nothing (docs/server-render.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** What a page the server rendered carries after its markup, as JSON (docs/server-render.md). */
export interface ServerData {
  /** The query cache the page was rendered with. */
  state: DehydratedState;
  /** The ETag of its now-playing answer, when it has one (app/api/np.ts). */
  nowPlayingEtag: string | null;
}
