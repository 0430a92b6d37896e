import type { DehydratedState } from '@tanstack/react-query';

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

/** What a page the server rendered carries after its markup, as JSON (docs/server-render.md). */
export interface ServerData {
  /** The query cache the page was rendered with. */
  state: DehydratedState;
  /** The ETag of its now-playing answer, when it has one (app/api/np.ts). */
  nowPlayingEtag: string | null;
}
