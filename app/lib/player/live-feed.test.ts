// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaSource, flush, streamOf } from './fake-media-source.test-helper';
import { loadLive, type FedElement } from './live-feed';

// The live stream's feed (issue 43): every branch, with the browser's parts stood in for (a
// MediaSource the test opens, the element's play). e2e/live-feed.spec.ts plays the real feed in
// Chromium for each later play; the first-tap script bundles the same module.

function element(): FedElement & { plays: number } {
  return {
    src: '',
    currentTime: 0,
    plays: 0,
    play() {
      this.plays += 1;
      return Promise.resolve();
    },
  };
}

let revoked: string[];

beforeEach(() => {
  revoked = [];
  vi.stubGlobal('MediaSource', FakeMediaSource);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:feed');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeMediaSource.last = null;
});

/** The element fed with `answer` as the stream, its source opened and the first chunks taken. */
async function fed(answer: Response | Promise<Response>) {
  const fetch = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('fetch', fetch);
  const a = element();
  loadLive(a, '/demo/stream');
  const source = FakeMediaSource.last!;
  source.open();
  await flush();
  await flush();
  return { a, source, fetch };
}

describe('an MP3 stream of our origin', () => {
  it('is fetched at once and appended chunk by chunk to a SourceBuffer, one at a time, then ended', async () => {
    const fetch = vi.fn().mockResolvedValue(streamOf([4096, 2048]));
    vi.stubGlobal('fetch', fetch);
    const a = element();
    loadLive(a, '/demo/stream?reconnect=1');
    // The request leaves before the element's source has opened.
    expect(fetch).toHaveBeenCalledWith('/demo/stream?reconnect=1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(a.src).toBe('blob:feed');
    const source = FakeMediaSource.last!;
    source.open();
    // Attached: the object URL is let go, so plays after plays do not keep MediaSources alive.
    expect(revoked).toEqual(['blob:feed']);
    await flush();
    await flush();
    const buffer = source.buffer!;
    expect(buffer.appended.map((c) => c.length)).toEqual([4096, 2048]);
    expect(source.ended).toEqual(['end']);
  });
});

describe('not fed: the plain src', () => {
  it('for a stream of another origin, with no request of its own', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const a = element();
    loadLive(a, 'https://stream.example/live');
    expect(fetch).not.toHaveBeenCalled();
    expect(FakeMediaSource.last).toBeNull();
    expect(a.src).toBe('https://stream.example/live');
  });

  it('on a browser without Media Source Extensions', () => {
    vi.stubGlobal('MediaSource', undefined);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const a = element();
    loadLive(a, '/demo/stream');
    expect(fetch).not.toHaveBeenCalled();
    expect(a.src).toBe('/demo/stream');
  });

  it('for a stream that is not MP3: the element gets its plain src and plays it', async () => {
    const { a, source } = await fed(streamOf([4096], 'audio/aac'));
    expect(a.src).toBe('/demo/stream');
    expect(a.plays).toBe(1);
    expect(source.buffer).toBeNull();
  });

  it('for an answer other than 200: the plain src, whose own error the player sees', async () => {
    const { a } = await fed(streamOf([], 'text/html', 503));
    expect(a.src).toBe('/demo/stream');
    expect(a.plays).toBe(1);
  });
});

describe('the feed ends', () => {
  it('with a network error when the connection fails: the element errors, and the player reconnects', async () => {
    const { source } = await fed(Promise.reject(new TypeError('Failed to fetch')));
    expect(source.ended).toEqual(['network']);
  });

  it('with a network error when the connection drops mid-stream, an append under way aborted first', async () => {
    let fail!: (e: Error) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(100));
        fail = (e) => controller.error(e);
      },
    });
    const { source } = await fed(new Response(body, { headers: { 'content-type': 'audio/mpeg' } }));
    const buffer = source.buffer!;
    buffer.updating = true;
    const abort = vi.spyOn(buffer, 'abort');
    fail(new TypeError('network'));
    await flush();
    expect(abort).toHaveBeenCalled();
    expect(source.ended).toEqual(['network']);
  });

  it("when the element's source is taken away (a pause, a stop, another source): its request is aborted", async () => {
    let signal!: AbortSignal;
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array(100)) });
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal!;
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'audio/mpeg' } }));
      }),
    );
    loadLive(element(), '/demo/stream');
    const source = FakeMediaSource.last!;
    source.open();
    await flush();
    expect(signal.aborted).toBe(false);
    source.close();
    expect(signal.aborted).toBe(true);
    // What arrives after is not appended, nor is the closed source ended.
    await flush();
    expect(source.ended).toEqual([]);
  });
});

describe('a long listen', () => {
  it('trims what was heard long ago, one change at a time, and keeps appending', async () => {
    let push!: (n: number) => void;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = (n) => c.enqueue(new Uint8Array(n))) });
    const { a, source } = await fed(new Response(body, { headers: { 'content-type': 'audio/mpeg' } }));
    const buffer = source.buffer!;
    push(10);
    await flush();
    expect(buffer.appended).toHaveLength(1);
    buffer.updating = true;
    // Twenty seconds in: nothing is old enough to go.
    a.currentTime = 20;
    buffer.done();
    push(20);
    await flush();
    expect(buffer.removed).toEqual([]);
    expect(buffer.appended.map((c) => c.length)).toEqual([10, 20]);
    // Forty seconds in: what was heard before the last 15 s goes, and the next chunk waits for it.
    buffer.updating = true;
    a.currentTime = 40;
    push(30);
    await flush();
    buffer.done();
    expect(buffer.removed).toEqual([[0, 25]]);
    expect(buffer.appended).toHaveLength(2);
    buffer.done();
    expect(buffer.appended.map((c) => c.length)).toEqual([10, 20, 30]);
    // Not again until another while has been heard.
    a.currentTime = 50;
    buffer.done();
    expect(buffer.removed).toHaveLength(1);
  });
});
