// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useNearViewport } from './use-near-viewport';

/** An IntersectionObserver the test drives: it reports an element near view when told. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  comeNear() {
    this.callback(
      this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

function Slot({ renders }: { renders: boolean[] }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  renders.push(near);
  return near ? <p>served</p> : <div ref={ref}>placeholder</div>;
}

describe('useNearViewport', () => {
  const real = globalThis.IntersectionObserver;
  beforeEach(() => {
    FakeObserver.all = [];
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    cleanup();
    globalThis.IntersectionObserver = real;
  });

  it('is false until the element comes within a screen of view, then true for good', async () => {
    const renders: boolean[] = [];
    await act(async () => {
      render(<Slot renders={renders} />);
    });
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(renders).toEqual([false]); // attaching the observer cost no extra render
    const [observer] = FakeObserver.all;
    expect(observer!.options?.rootMargin).toBe('100% 0px');
    await act(async () => observer!.comeNear());
    expect(screen.getByText('served')).toBeTruthy();
    expect(observer!.disconnected).toBe(true);
  });

  it('is true at once where there is no IntersectionObserver', async () => {
    globalThis.IntersectionObserver = undefined as unknown as typeof IntersectionObserver;
    await act(async () => {
      render(<Slot renders={[]} />);
    });
    expect(screen.getByText('served')).toBeTruthy();
  });
});
