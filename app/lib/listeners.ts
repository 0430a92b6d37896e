/**
 * The listeners of a value kept outside React (in memory, storage or the browser): the module
 * that owns the value calls notify() when it changes, and components read it with React's
 * useSyncExternalStore(subscribe, …). One helper for the app's small stores, so each keeps
 * only its value and its rules.
 */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(): void {
      listeners.forEach((listener) => listener());
    },
  };
}
