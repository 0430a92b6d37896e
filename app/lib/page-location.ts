type PageLocation = Pick<Location, 'hostname' | 'search' | 'origin'>;

let serverLocation: () => PageLocation = () => ({ hostname: 'localhost', search: '', origin: 'http://localhost' });

/**
 * The server renders a page with no window: it says which request's address is the page's
 * while it renders (app/entry-server.tsx, docs/server-render.md).
 */
export function setServerLocation(get: () => PageLocation): void {
  serverLocation = get;
}

/** The page's address: the browser's, or on the server the request's being rendered. */
export const pageLocation = (): PageLocation => (typeof window === 'undefined' ? serverLocation() : window.location);
