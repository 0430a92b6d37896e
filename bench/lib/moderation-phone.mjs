// The moderator's phone for bench/moderation.mjs (issue 43): the low-tier phone of the
// Lighthouse step (Chromium's own CPU throttling at benchmarkIndex / 264, Lighthouse's mobile
// network: 150 ms, 1.6 Mbit/s down, 750 kbit/s up, a 412×823 touch screen), signed in with
// the moderator's session cookie, and the page-side instruments: each tap's time as the page
// saw the input (the pointerdown's timeStamp), the Event Timing entries of its interaction
// (durationThreshold 16, as web-vitals reads INP), and the paint that first shows what the tap
// changed, found by a MutationObserver and taken after the next frame.

const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** Installed before the page's own scripts: taps, event entries, resource timings kept. */
function instruments() {
  const w = window;
  w.__mod = { taps: [], events: [], approveAt: null, listensAt: null };
  // When the app takes over the taps of a page the server rendered (app/lib/player/first-tap/
  // taps-later.ts sets window.__appListens): a tap before it is held until then.
  Object.defineProperty(w, '__appListens', {
    configurable: true,
    set(value) {
      w.__mod.listensAt ??= performance.now();
      Object.defineProperty(w, '__appListens', { value, writable: true, configurable: true });
    },
  });
  // 50 PATCHes and the refetches after them would overflow the default 250 entries.
  performance.setResourceTimingBufferSize(5000);
  addEventListener('pointerdown', (e) => w.__mod.taps.push(e.timeStamp), true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) w.__mod.events.push({ name: e.name, id: e.interactionId, start: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    // No Event Timing: the paints below still measure each tap.
  }
  // When the first row's Approve button is first in the document (goal 1's "present").
  const seen = new MutationObserver(() => {
    if (w.__mod.approveAt === null && document.querySelector('[data-testid="moderation-row"] button.mod-approve')) {
      w.__mod.approveAt = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { subtree: true, childList: true });
}

/**
 * A fresh phone (no cache, no service worker) holding what the moderator's passkey sign-in left
 * on it: the session cookie, and the app's note that this device's session could moderate
 * (domain/admin-session.ts, ADMIN_MODERATES_HINT), on which the shell asks the queues at once.
 */
export async function moderatorPhone(chromium, { chrome, chromeFlags, multiplier, base, token }) {
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags.filter((f) => !f.startsWith('--headless')) });
  try {
    const { hostname, origin } = new URL(base);
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'adminModerates', value: '1' }] }] },
    });
    // As the passkey sign-in sets it (server/http/admin-session.ts), over plain http.
    await context.addCookies([{ name: 'radio_admin', value: token, domain: hostname, path: '/', httpOnly: true, sameSite: 'Strict', secure: false }]);
    const page = await context.newPage();
    await page.addInitScript(instruments);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    return { browser, page };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/**
 * Starts watching for `shown` (a selector that must match) and `gone` (a selector that must
 * no longer match) before a tap: each records the time of the frame after the mutation that
 * made it true, i.e. about when the change was painted.
 */
async function watch(page, { shown, gone }) {
  return page.evaluateHandle(
    ({ shown, gone }) => {
      const w = { shown: null, gone: null };
      const afterFrame = (key) => requestAnimationFrame(() => setTimeout(() => (w[key] ??= performance.now()), 0));
      let shownPending = !!shown;
      let gonePending = !!gone;
      const check = () => {
        if (shownPending && document.querySelector(shown)) {
          shownPending = false;
          afterFrame('shown');
        }
        if (gonePending && !document.querySelector(gone)) {
          gonePending = false;
          afterFrame('gone');
        }
        if (!shownPending && !gonePending) observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      if (!shown) w.shown = -1;
      if (!gone) w.gone = -1;
      return w;
    },
    { shown: shown ?? null, gone: gone ?? null },
  );
}

/** The interaction's Event Timing duration (its longest entry), or null when under 16 ms. */
async function interactionAfter(page, tapAt) {
  // Entries are queued after the paint that ends them: give the observer a moment.
  await page.waitForTimeout(150);
  return page.evaluate((tapAt) => {
    const entries = window.__mod.events.filter((e) => e.start >= tapAt - 1);
    if (!entries.length) return null;
    const id = entries[0].id;
    const mine = entries.filter((e) => e.id === id);
    const longest = mine.reduce((a, b) => (b.duration > a.duration ? b : a));
    return { duration: Math.round(longest.duration), inputDelay: Math.round(longest.processingStart - longest.start), processing: Math.round(longest.processingEnd - longest.processingStart), name: longest.name };
  }, tapAt);
}

/**
 * Taps `locator` as a finger would and answers, in ms after the tap as the page saw it. The tap
 * is Playwright's click, CDP's mouse input, which Chromium forwards to the page at once; its
 * touch input (Playwright's tap) waits for the page's next frame but is stamped when sent, so
 * the wait would count as the page's input delay (bench/first-sound.mjs, pressAt). Answers
 * `painted` (the frame showing `shown`), `gone` (the frame without `gone`, when given), and
 * `inp` (the interaction's Event Timing duration; null when it took under 16 ms).
 */
export async function tapAndMeasure(page, locator, { shown, gone, timeoutMs = 30_000, force = false }) {
  const w = await watch(page, { shown, gone });
  try {
    const before = await page.evaluate(() => window.__mod.taps.length);
    await locator.click({ timeout: timeoutMs, force });
    await page.waitForFunction((w) => w.shown !== null && w.gone !== null, w, { timeout: timeoutMs, polling: 50 });
    const { tapAt, shownAt, goneAt } = await page.evaluate(({ w, before }) => ({ tapAt: window.__mod.taps[before] ?? null, shownAt: w.shown, goneAt: w.gone }), { w, before });
    if (tapAt === null) throw new Error('the tap never reached the page');
    const inp = await interactionAfter(page, tapAt);
    return { tapAt, painted: shown ? Math.round(shownAt - tapAt) : null, gone: gone ? Math.round(goneAt - tapAt) : null, inp };
  } finally {
    await w.dispose();
  }
}

/** What a tap's interaction cost to the next paint: Event Timing when it saw it, else the frame after the change. */
export const inpOf = (r) => (r.inp ? r.inp.duration : Math.min(r.painted ?? 16, 16));
