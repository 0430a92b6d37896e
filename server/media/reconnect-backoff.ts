/**
 * How long a worker that keeps a connection to the station's stream (the live relay, the
 * recorder) waits before it connects again: from `minMs`, doubling up to `maxMs`; an attempt
 * that played longer than `maxMs` was no failing source, so the wait starts again at `minMs`.
 */
export class ReconnectBackoff {
  private nextMs: number;

  constructor(
    private readonly minMs: number,
    private readonly maxMs: number,
  ) {
    this.nextMs = minMs;
  }

  /** The wait after an attempt that began at `beganMs` and ended at `endedMs`. */
  after(beganMs: number, endedMs: number): number {
    if (endedMs - beganMs > this.maxMs) this.nextMs = this.minMs;
    const waitMs = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, this.maxMs);
    return waitMs;
  }
}

/** A wait of `ms` that `wake` ends early (a stop, a show's end). */
export function wakeableSleep(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}
