import type { RadioEngine } from '../engine';
import type { LoadSource } from '../core';

/**
 * The first tap on a page the server rendered (issue 29, docs/server-render.md "Before the app
 * starts"). The page's head carries a few hundred bytes of inline script
 * (./first-tap.script.ts) that plays the live stream when a button marked `data-stream` is
 * tapped before the app has taken that button over: it starts one `<audio>` at once and leaves
 * it in `window.__firstTap`. The app's player then adopts that element (player.ts) and takes
 * any later tap on a button it has not hydrated yet through `window.__radioPlayer`. A button the
 * app has hydrated is claimed (`claimTaps`), and the page's script leaves its taps to React.
 */
export interface FirstTap {
  audio: HTMLAudioElement;
  src: string;
  /** When the tap came, in the page's clock (its event's timeStamp, as performance.now()). */
  at: number;
}

declare global {
  interface Window {
    __firstTap?: FirstTap;
    __radioPlayer?: Pick<RadioEngine, 'toggle' | 'state'>;
    /** The page's live feed (../live-feed.ts, bundled in its first-tap script): the player's until its own chunk comes. */
    __liveFeed?: LoadSource;
  }
}

/** The attribute on <html> the page's script sets while its stream connects or plays. */
export const FIRST_TAP_ATTRIBUTE = 'data-first-tap';

/** Hands the page's first tap to the player, and every later unclaimed tap too. */
export function takeOverFirstTap(player: RadioEngine): void {
  if (typeof window === 'undefined') return;
  const first = window.__firstTap;
  if (first) {
    first.audio.onplaying = null;
    player.adopt(first.audio, first.src);
  }
  window.__radioPlayer = player;
  document.documentElement.removeAttribute(FIRST_TAP_ATTRIBUTE);
}

/** A ref for a button with `data-stream`: hydrated, its taps are the app's (React's onClick). */
export function claimTaps(button: HTMLButtonElement | null): void {
  if (button) (button as HTMLButtonElement & { appTaps?: boolean }).appTaps = true;
}

/**
 * How long the app's start waits, at most, for the first tap's stream to play, from the tap: the
 * page's start script (app/lib/start-after-paint/) and the app's steps (main.tsx) share it, so a
 * stream that never connects holds the app 2 s after the tap, not 2 s in each.
 */
export const FIRST_TAP_WAIT_MS = 2000;

/**
 * Resolves once the stream the listener's first tap started, before the app hydrated, has begun
 * to play, has failed, or after `maxMs`; at once when none is connecting. The tap may have been
 * the page's own (window.__firstTap, which the player adopted) or the player's, when its module
 * had run before the tap, as on a repeat visit whose scripts come from the worker at once.
 * The app's start waits for it between its steps (`startSteps`): on a slow phone the start's long
 * tasks held the audio element's start (issues 29 and 43, docs/performance.md "Time to first sound").
 */
export function firstTapConnected(player: Pick<RadioEngine, 'state' | 'subscribe'>, maxMs = FIRST_TAP_WAIT_MS): Promise<void> {
  if (player.state.status !== 'connecting') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    const stop = player.subscribe(() => {
      if (player.state.status !== 'connecting') done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/**
 * The app's start in steps (main.tsx): `step()` answers once `nextTask` has given the phone a new
 * task and, while the stream the listener's first tap started still connects, once it has begun
 * to play or failed; `maxMs` in all, from the page's first tap (`tappedAt`) or else from when
 * the steps were made, so several steps never wait longer than one. Each step is a long task on a slow phone, and the audio element needs the
 * main thread between the tap and its first sound (to open its source, append the stream's
 * first bytes and start): on a repeat visit, whose scripts come from the worker at once, the tap
 * lands while the app starts. The page works before the app does (docs/server-render.md).
 */
export function startSteps(
  player: Pick<RadioEngine, 'state' | 'subscribe'>,
  nextTask: () => Promise<void>,
  maxMs = FIRST_TAP_WAIT_MS,
  tappedAt = typeof window === 'undefined' ? undefined : window.__firstTap?.at,
): () => Promise<void> {
  // The page's start script has waited for the same stream since the tap (FIRST_TAP_WAIT_MS).
  const deadline = Math.min(performance.now(), tappedAt ?? Infinity) + maxMs;
  return async () => {
    await nextTask();
    await firstTapConnected(player, deadline - performance.now());
  };
}
