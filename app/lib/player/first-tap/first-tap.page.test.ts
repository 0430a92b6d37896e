// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaSource, flush, streamOf } from '../fake-media-source.test-helper';
import { FIRST_TAP_SCRIPT } from './first-tap.script';

// The first-tap script's feed (issue 29; the live stream's feed it bundles, ../live-feed.ts, has
// its own tests): which source the tapped element gets, and how the feed ends, in the bytes the
// page carries. The browser's own parts are stood in for here (a MediaSource the test opens, the
// element's play); e2e/first-tap.spec.ts plays the real feed in Chromium.

// The page's DOM, as far as these tests touch it (the server's types have no DOM library).
interface Element {
  src: string;
  dataset: Record<string, string>;
  click(): void;
}
const dom = globalThis as unknown as {
  document: { body: { innerHTML: string }; querySelector(selector: string): Element | null };
  HTMLMediaElement: { prototype: { play(): Promise<void> } };
  __firstTap?: unknown;
};

let played: Element[];

beforeEach(() => {
  played = [];
  vi.stubGlobal('MediaSource', FakeMediaSource);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:feed');
  vi.spyOn(dom.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: Element) {
    played.push(this);
    return Promise.resolve();
  });
  dom.document.body.innerHTML = '<button data-stream="/demo/stream">Listen Live</button>';
});

// The script as the page runs it, once: its listeners on this window.
beforeAll(() => new Function(FIRST_TAP_SCRIPT)());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete dom.__firstTap;
});

const tap = () => dom.document.querySelector('button')!.click();

describe('the first tap feeds an MP3 stream of our origin to its element', () => {
  it('asks for the stream with the tap and appends what arrives, ending with the stream', async () => {
    const fetch = vi.fn().mockResolvedValue(streamOf([4096, 2048]));
    vi.stubGlobal('fetch', fetch);
    tap();
    expect(fetch).toHaveBeenCalledWith('/demo/stream', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(played[0]!.src).toBe('blob:feed');
    FakeMediaSource.last!.open();
    await flush();
    await flush();
    expect(FakeMediaSource.last!.buffer!.appended.map((c) => c.length)).toEqual([4096, 2048]);
    expect(FakeMediaSource.last!.ended).toEqual(['end']);
  });

  it("leaves the tap's time beside its element: the app's start waits for the stream 2 s from it", () => {
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise(() => {})));
    const before = performance.now();
    tap();
    const at = (dom.__firstTap as { at: number }).at;
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(performance.now());
  });

  it('gives a stream that is not MP3 to the element as its plain source', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(streamOf([4096], 'audio/aac')));
    tap();
    FakeMediaSource.last!.open();
    await flush();
    expect(played.at(-1)!.src).toMatch(/\/demo\/stream$/);
    expect(FakeMediaSource.last!.buffer).toBeNull();
  });

  it('gives an answer other than 200 to the element as its plain source, whose own error the player sees', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(streamOf([], 'text/html', 503)));
    tap();
    FakeMediaSource.last!.open();
    await flush();
    expect(played.at(-1)!.src).toMatch(/\/demo\/stream$/);
  });

  it('ends the feed with a network error when the connection fails, as a plain source would', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    tap();
    FakeMediaSource.last!.open();
    await flush();
    expect(FakeMediaSource.last!.ended).toEqual(['network']);
  });

  it('gives a stream of another origin the plain source (the page may not connect to it)', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    dom.document.querySelector('button')!.dataset.stream = 'https://stream.example/live';
    tap();
    expect(fetch).not.toHaveBeenCalled();
    expect(played[0]!.src).toBe('https://stream.example/live');
  });
});

describe('a button nobody marked, tapped before React listens', () => {
  const held = () => (dom as unknown as { __tapsLater: Element[] }).__tapsLater;
  afterEach(() => {
    held().length = 0;
    delete (dom as { __appListens?: boolean }).__appListens;
  });

  it('is held for the app, marked busy', () => {
    dom.document.body.innerHTML = '<ul><li><button type="button" class="chip"><svg></svg> Barbados</button></li></ul>';
    const chip = dom.document.querySelector('button')!;
    chip.click();
    expect(held()).toEqual([chip]);
    expect((chip as unknown as { getAttribute(n: string): string | null }).getAttribute('aria-busy')).toBe('true');
  });

  it('is left to the browser when the browser does its work: a command, a popover, a form submit', () => {
    dom.document.body.innerHTML =
      '<button type="button" commandfor="menu" command="show-modal">Open menu</button><button type="button" popovertarget="tip">Tip</button><form><button>Search</button></form>';
    for (const b of (dom.document as unknown as { querySelectorAll(s: string): Element[] }).querySelectorAll('button')) b.click();
    expect(held()).toEqual([]);
  });

  it("holds a checkbox marked for the app (a moderation row's) until the app claims it, unticked meanwhile, also once React listens; a form's is the browser's, and its form adopts it", () => {
    dom.document.body.innerHTML = '<label><input type="checkbox" data-after-start aria-label="Select Kes"> Kes</label><form><label><input type="checkbox" name="consent"> I agree</label></form>';
    const [row, consent] = (dom.document as unknown as { querySelectorAll(s: string): (Element & { checked: boolean })[] }).querySelectorAll('input');
    row!.click();
    consent!.click();
    expect(held()).toEqual([row]);
    expect(row!.checked).toBe(false);
    expect(consent!.checked).toBe(true);
    (dom as { __appListens?: boolean }).__appListens = true;
    row!.click();
    expect(row!.checked).toBe(false);
  });

  it('is left to React once it listens', () => {
    (dom as { __appListens?: boolean }).__appListens = true;
    dom.document.body.innerHTML = '<button type="button" class="chip">Barbados</button>';
    dom.document.querySelector('button')!.click();
    expect(held()).toEqual([]);
  });
});

describe("a tap on a button React has not hydrated, once the app's player has loaded", () => {
  const withPlayer = (status: string, src = '/demo/stream') => {
    const toggle = vi.fn();
    (dom as { __radioPlayer?: unknown }).__radioPlayer = { state: { status, src }, toggle };
    return toggle;
  };
  afterEach(() => delete (dom as { __radioPlayer?: unknown }).__radioPlayer);

  it("is the player's: it plays the stream, or stops it once it is heard", () => {
    for (const status of ['idle', 'paused', 'playing']) {
      const toggle = withPlayer(status);
      tap();
      expect(toggle, status).toHaveBeenCalledWith('/demo/stream');
    }
    expect(played).toEqual([]);
  });

  it('keeps the stream connecting while nothing is heard yet, as before the player had loaded', () => {
    expect(withPlayer('connecting')).not.toHaveBeenCalled();
    const toggle = withPlayer('connecting');
    tap();
    expect(toggle).not.toHaveBeenCalled();
    // Another stream connecting: the tap is for this one.
    const other = withPlayer('connecting', '/other/stream');
    tap();
    expect(other).toHaveBeenCalledWith('/demo/stream');
  });
});

describe("the page's feed is the app player's until its own has come", () => {
  it('is left on the window, and feeds what it is given', async () => {
    const feed = (dom as unknown as { __liveFeed?: (a: Element, src: string) => void }).__liveFeed;
    expect(typeof feed).toBe('function');
    const fetch = vi.fn().mockResolvedValue(streamOf([1024]));
    vi.stubGlobal('fetch', fetch);
    const a = { src: '', currentTime: 0 } as unknown as Element;
    feed!(a, '/demo/stream');
    expect(fetch).toHaveBeenCalledWith('/demo/stream', expect.anything());
    expect(a.src).toBe('blob:feed');
  });
});
