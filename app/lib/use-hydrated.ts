import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * false while the server renders and while the browser hydrates what it rendered, true after
 * (and at once on a page the app draws itself): for what only the browser knows, such as the
 * listener's locale and time zone, which would otherwise not match the server's markup.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
