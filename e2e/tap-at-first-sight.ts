import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// What e2e/first-tap.spec.ts and e2e/first-sight.spec.ts share (issue 29, issue 43,
// docs/server-render.md "Before the app starts"): a first visit on a slowed CPU, a tap the
// moment a control is painted, the stream heard, and the app's entry held back.

/** Chromium's CPU throttling, as a low-tier phone. */
export const SLOWDOWN = 6;

/**
 * How long a slowed first visit's test may take, and the app's start within it: at ×6 on a
 * shared 2-core host, with the other workers' browsers beside it, the app has taken over 15 s
 * to start (docs/setup.md, "The end-to-end suite"). Patience only: what is asserted is the same.
 */
export const SLOWED_TEST_MS = 120_000;
export const APP_START_MS = 40_000;

/** A first visit to `path` with the CPU slowed: answers once the navigation has committed. */
export async function firstVisit(page: Page, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  // Every media element the page plays, whoever starts it (the page's first-tap script or the app).
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = [];
    (window as unknown as { __played: HTMLMediaElement[] }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!played.includes(this)) played.push(this);
      return play.call(this);
    };
  });
  await page.goto(path, { waitUntil: 'commit' });
}

/** Taps the control the moment it is on screen: no wait for it to be enabled or hydrated. */
export async function tapWhenPainted(page: Page, control: Locator, timeout?: number): Promise<void> {
  await control.waitFor({ state: 'visible', timeout });
  // As a listener scrolls to it (the page's lower links).
  await control.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The one stream playing, heard: a media element playing whose position moves. */
export async function expectSound(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played.filter((m) => !m.paused && m.currentTime > 0.2).length), {
      timeout: APP_START_MS,
    })
    .toBe(1);
}

/** Holds the app's entry until the test lets it go: taps meet the page before the app. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let releaseEntry!: () => void;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    // A page left before the release no longer wants it.
    await route.continue().catch(() => {});
  });
  return releaseEntry;
}
