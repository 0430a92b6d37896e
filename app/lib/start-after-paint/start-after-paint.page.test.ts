// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_AFTER_PAINT_SCRIPT } from './start-after-paint.script';

// The start of the app after the first frame (issue 43), in the bytes the page carries: when the
// page's script adds the app's entry as a module script. e2e/first-tap.spec.ts checks in
// Chromium that the entry runs after the page's first frame.

// The page's DOM, as far as these tests touch it (the server's types have no DOM library).
interface Element {
  type?: string;
  src?: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}
const dom = globalThis as unknown as {
  __firstTap?: { at: number };
  document: {
    documentElement: Element;
    head: { innerHTML: string; append(...nodes: Element[]): void };
  };
};

const ENTRY = '/assets/index-abc.js';
const root = () => dom.document.documentElement;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let added: Element[];
/** The module scripts the page's script has added (kept from loading here): the entry's address, once it has. */
const started = () => added.filter((s) => s.type === 'module').map((s) => new URL(s.src!).pathname);

beforeEach(() => {
  dom.document.head.innerHTML = `<link rel="modulepreload" crossorigin href="${ENTRY}" data-app-entry>`;
  added = [];
  vi.spyOn(dom.document.head, 'append').mockImplementation((...nodes) => void added.push(...nodes));
});

afterEach(() => {
  root().removeAttribute('data-first-tap');
  delete dom.__firstTap;
  vi.restoreAllMocks();
});

describe("the app's start after the first frame", () => {
  it('adds the preloaded entry as a module script after a frame, not at once', async () => {
    new Function(START_AFTER_PAINT_SCRIPT)();
    await Promise.resolve();
    expect(started()).toEqual([]);
    await wait(100);
    expect(started()).toEqual([ENTRY]);
  });

  it('waits while the stream the first tap started connects, and starts once it plays', async () => {
    root().setAttribute('data-first-tap', 'connecting');
    new Function(START_AFTER_PAINT_SCRIPT)();
    await wait(300);
    expect(started()).toEqual([]);
    root().setAttribute('data-first-tap', 'playing');
    await wait(50);
    expect(started()).toEqual([ENTRY]);
  });

  it('starts once the stream has failed (the attribute gone)', async () => {
    root().setAttribute('data-first-tap', 'connecting');
    new Function(START_AFTER_PAINT_SCRIPT)();
    await wait(300);
    root().removeAttribute('data-first-tap');
    await wait(50);
    expect(started()).toEqual([ENTRY]);
  });

  it('waits 2 s at most for a stream that never connects', async () => {
    root().setAttribute('data-first-tap', 'connecting');
    new Function(START_AFTER_PAINT_SCRIPT)();
    await wait(1_500);
    expect(started()).toEqual([]);
    await wait(800);
    expect(started()).toEqual([ENTRY]);
  });

  it('counts the 2 s from the tap, as the app does, not from its own start', async () => {
    root().setAttribute('data-first-tap', 'connecting');
    dom.__firstTap = { at: performance.now() - 1_500 };
    new Function(START_AFTER_PAINT_SCRIPT)();
    await wait(200);
    expect(started()).toEqual([]);
    await wait(600);
    expect(started()).toEqual([ENTRY]);
  });

  it('adds nothing on a page without the entry', async () => {
    dom.document.head.innerHTML = '';
    new Function(START_AFTER_PAINT_SCRIPT)();
    await wait(100);
    expect(started()).toEqual([]);
  });
});
