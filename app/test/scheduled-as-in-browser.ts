import { afterEach, beforeEach } from 'vitest';

/**
 * For tests of what React draws in which task: each test of the file gets a fresh container in
 * the document, and React schedules its work as in a browser (not flushed by act()). `unmount`
 * is called after each test, before the container is removed.
 */
export function scheduledAsInBrowser(unmount: () => void = () => {}): { container: () => HTMLElement } {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  let container: HTMLElement | null = null;
  beforeEach(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    unmount();
    container?.remove();
    container = null;
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
  return {
    container: () => {
      if (!container) throw new Error('no container outside a test');
      return container;
    },
  };
}

/** A task later, as the browser's scheduler would run the next one. */
export const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The microtasks after a change: what React draws synchronously is drawn by then. */
export const microtasks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
