import { expect } from 'vitest';

// The browser's Media Source Extensions as far as the live stream's feed uses them
// (live-feed.ts), for its tests and the first-tap script's: a MediaSource the test opens by
// hand, a SourceBuffer that takes each append or removal at once unless the test says it is
// still busy. No DOM types: the first-tap script's test is typechecked without them.

export class FakeSourceBuffer extends EventTarget {
  updating = false;
  appended: Uint8Array[] = [];
  removed: [number, number][] = [];
  appendBuffer(data: Uint8Array) {
    this.appended.push(data);
  }
  remove(start: number, end: number) {
    this.removed.push([start, end]);
  }
  abort() {
    this.updating = false;
  }
  /** The browser has taken the last change in. */
  done() {
    this.updating = false;
    this.dispatchEvent(new Event('updateend'));
  }
}

export class FakeMediaSource extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/mpeg';
  static last: FakeMediaSource | null = null;
  readyState = 'closed';
  ended: string[] = [];
  buffer: FakeSourceBuffer | null = null;
  constructor() {
    super();
    FakeMediaSource.last = this;
  }
  addSourceBuffer(type: string) {
    expect(type).toBe('audio/mpeg');
    return (this.buffer = new FakeSourceBuffer());
  }
  endOfStream(reason?: string) {
    if (this.readyState !== 'open') throw new Error('InvalidStateError');
    this.ended.push(reason ?? 'end');
    this.readyState = 'ended';
  }
  open() {
    this.readyState = 'open';
    this.dispatchEvent(new Event('sourceopen'));
  }
  /** The element's source taken away. */
  close() {
    this.readyState = 'closed';
    this.dispatchEvent(new Event('sourceclose'));
  }
}

/** An answer whose body is these chunks (of these many bytes), then its end. */
export function streamOf(chunks: number[], type = 'audio/mpeg', status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const n of chunks) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': type } });
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
