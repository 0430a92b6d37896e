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
