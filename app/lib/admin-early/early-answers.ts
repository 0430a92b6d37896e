// Admin answers asked by the shell's early script (./admin-early.page.ts) before the app has
// started, kept on the window by their URL until the app asks that URL (app/lib/api-client.ts):
// the app then takes the answer on its way instead of asking again (docs/performance.md,
// "Moderating from a phone").

interface EarlyAnswer {
  at: number;
  /** null: asked, but not to be used (a queue for someone who may not moderate): the app asks itself. */
  answer: Promise<Response | null>;
}
type EarlyWindow = typeof globalThis & { __adminEarly?: Record<string, EarlyAnswer> };

/** An answer asked longer ago than this is asked again: a queue is fresh 10 s (app/features/moderation/api.ts). */
export const EARLY_ANSWER_FRESH_MS = 10_000;

export function keepEarlyAnswer(url: string, answer: Promise<Response | null>): void {
  // Never taken (a stale one, a page that did not ask), a failure is nobody's to report.
  answer.catch(() => undefined);
  const w = globalThis as EarlyWindow;
  (w.__adminEarly ??= {})[url] = { at: performance.now(), answer };
}

/** The early answer to `url`, once: undefined when none was asked, or it is stale; null when it is not to be used. */
export function takeEarlyAnswer(url: string): Promise<Response | null> | undefined {
  const kept = (globalThis as EarlyWindow).__adminEarly;
  const found = kept?.[url];
  if (!kept || !found) return undefined;
  delete kept[url];
  return performance.now() - found.at <= EARLY_ANSWER_FRESH_MS ? found.answer : undefined;
}
