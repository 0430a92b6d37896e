import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `fn` every `everyMs` until it answers something truthy, which is returned; throws after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number, everyMs = 200): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
