// @vitest-environment happy-dom
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { microtasks, scheduledAsInBrowser, task } from '../test/scheduled-as-in-browser';
import { setHydratingPage, useHydrated } from './use-hydrated';

let drawn: boolean[] = [];
function Row() {
  const hydrated = useHydrated();
  drawn.push(hydrated);
  return <span>{hydrated ? 'local' : 'server'}</span>;
}

/** What the page showed once the hydration's effects had run and their microtasks with them. */
let afterEffects: string | null = null;
function Probe({ container }: { container: HTMLElement }) {
  useEffect(() => {
    void microtasks().then(() => (afterEffects = container.textContent));
  }, [container]);
  return null;
}

/** As app/app-tree.tsx: the root's effect, the last of its first commit, ends the hydration. */
function Page({ container }: { container: HTMLElement }) {
  useEffect(() => setHydratingPage(false), []);
  return (
    <>
      <Row />
      <Row />
      <Probe container={container} />
    </>
  );
}

describe('useHydrated', () => {
  let root: Root | null = null;
  const page = scheduledAsInBrowser(() => {
    root?.unmount();
    root = null;
  });
  let container: HTMLElement;
  beforeEach(() => {
    container = page.container();
    drawn = [];
    afterEffects = null;
  });
  afterEach(() => setHydratingPage(false));

  it("hydrates the server's value, then draws the browser's in a transition, not synchronously right after the hydration", async () => {
    container.innerHTML = renderToString(<Page container={container} />);
    expect(container.textContent).toBe('serverserver');
    const errors: unknown[] = [];
    setHydratingPage(true);
    startTransition(() => void (root = hydrateRoot(container, <Page container={container} />, { onRecoverableError: (e) => errors.push(e) })));
    for (let i = 0; i < 20 && afterEffects === null; i++) await task();
    // Read as a store whose value differed from the server's, every row was redrawn here, in
    // one synchronous render as the hydration's effects ran (issue 43).
    expect(afterEffects).toBe('serverserver');
    for (let i = 0; i < 20 && container.textContent !== 'locallocal'; i++) await task();
    expect(container.textContent).toBe('locallocal');
    expect(errors).toEqual([]);
  });

  it('is true from the first render of a page the app draws itself, and of a part mounted after the hydration', async () => {
    root = createRoot(container);
    root.render(<Row />);
    for (let i = 0; i < 5 && container.textContent === ''; i++) await task();
    expect(container.textContent).toBe('local');
    expect(drawn).toEqual([true]);
  });
});
