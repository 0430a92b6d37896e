import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * Whether the app is hydrating a page the server rendered (app/main.tsx sets it before the
 * hydration and clears it once its first commit's effects have run). Read only as a component
 * mounts: a component hydrating reads React's server value instead, and one mounted after reads
 * true.
 */
let hydratingPage = false;

export function setHydratingPage(on: boolean): void {
  hydratingPage = on;
}

const mountedAfterHydration = () => !hydratingPage;

/**
 * false while the server renders and while the browser hydrates what it rendered, true after
 * (and at once on a page the app draws itself): for what only the browser knows, such as the
 * listener's locale and time zone, which would otherwise not match the server's markup.
 *
 * A hydrated component turns true in a transition, after the hydration: read as an external
 * store whose value differs from the server's, it was redrawn synchronously, every row of
 * /episodes and every prayer card in one task right after the hydration (docs/performance.md,
 * "After the hydration"). The store's value is the server's until the hydration's effects have
 * run, so React finds nothing changed and draws no synchronous update.
 */
export function useHydrated(): boolean {
  const atMount = useSyncExternalStore(never, mountedAfterHydration, () => false);
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!atMount) startTransition(() => setLater(true));
  }, [atMount]);
  return atMount || later;
}
