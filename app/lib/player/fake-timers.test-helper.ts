import type { Timers } from './engine';

/** Manual clock and timers. */
export class FakeTimers implements Timers {
  constructor(public time = 1_000_000) {}
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  setTimeout(fn: () => void, ms: number) {
    const id = this.nextId++;
    this.queue.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(id: unknown) {
    this.queue = this.queue.filter((t) => t.id !== id);
  }
  now() {
    return this.time;
  }
  /** Moves time on, running due timers in order. */
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }
  pending() {
    return this.queue.length;
  }
}
