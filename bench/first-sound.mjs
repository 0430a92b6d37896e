// Time to first sound (issue 29): from navigation to the live stream audibly playing, for a
// listener who taps the play button the moment it shows and again each second while nothing
// plays. The phone of the Lighthouse step: 375×740 with touch, Chromium's CPU throttling at the
// calibrated multiplier (benchmarkIndex / 264) and Lighthouse's mobile network (150 ms, 1.6
// Mbit/s), a fresh browser each run (no cache, no service worker), the demo stream. Where the
// time goes: the HTML's last byte, the button's first paint, each tap, the stream's first bytes
// and the audio element's `playing`. The floor app's own first paint, loaded the same way, is
// printed beside it for scale (docs/performance.md, "Time to first sound").

import { bounded } from './lib/compiled-server.mjs';

const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Playwright's own `--disable-features` switch, as its Chromium is launched; read once. */
let playwrightDisabledFeatures;

/**
 * The machine's Chromium as the listener's phone's browser: sound only after a tap, and its
 * audio service inside the browser process, as Chrome on Android runs it. Desktop Chromium on
 * Linux starts that service as a process of its own at the first sound: on this host 250–480 ms
 * between the stream's metadata and `playing`, which a phone does not spend (docs/performance.md,
 * "Time to first sound"); `audio: 'desktop'` keeps it, for the row that shows what it costs.
 * Chromium keeps only the last `--disable-features`, so the feature joins Playwright's own list
 * (read from a launched browser's command line) in place of it, never beside it.
 */
export async function launchPhoneBrowser(chromium, { chrome, chromeFlags, audio = 'phone' }) {
  const args = [...chromeFlags.filter((f) => !f.startsWith('--headless')), '--autoplay-policy=user-gesture-required'];
  if (audio === 'desktop') return chromium.launch({ executablePath: chrome, args });
  if (playwrightDisabledFeatures === undefined) {
    // CDP answers with the command line only to a browser launched for automation.
    const probe = await chromium.launch({ executablePath: chrome, args: [...args, '--enable-automation'] });
    try {
      const cdp = await probe.newBrowserCDPSession();
      const { arguments: line } = await cdp.send('Browser.getBrowserCommandLine');
      playwrightDisabledFeatures = line.find((a) => a.startsWith('--disable-features=')) ?? null;
    } finally {
      await probe.close();
    }
  }
  const own = playwrightDisabledFeatures;
  return chromium.launch({
    executablePath: chrome,
    args: [...args, own ? `${own},AudioServiceOutOfProcess` : '--disable-features=AudioServiceOutOfProcess'],
    ignoreDefaultArgs: own ? [own] : [],
  });
}

/** The phone's screen: 375×740 with touch; `serviceWorkers` 'allow' for a repeat visit. */
export const phoneContext = (browser, serviceWorkers = 'block') =>
  browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers });

/** Slows `page` to the phone: the CPU by `multiplier`, the network to 150 ms and 1.6 Mbit/s. */
export async function slowToPhone(context, page, multiplier) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
  return cdp;
}

async function phone(chromium, { chrome, chromeFlags, multiplier, audio }) {
  const browser = await launchPhoneBrowser(chromium, { chrome, chromeFlags, audio });
  const context = await phoneContext(browser);
  const page = await context.newPage();
  return { browser, page, cdp: await slowToPhone(context, page, multiplier) };
}

/** Where the button is on this screen: a full-speed load of the page, once. */
export async function buttonBox(chromium, { chrome, chromeFlags, url, selector }) {
  const { browser, page } = await phone(chromium, { chrome, chromeFlags, multiplier: 1 });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on screen at ${url}`);
    return box;
  } finally {
    await browser.close();
  }
}

/**
 * The binding the page calls on its first `playing` (`window.__benchHeard()`, CDP's
 * Runtime.addBinding): the harness hears the sound from a CDP event instead of polling the page
 * with Playwright's `waitForFunction`, whose first call injects Playwright's own script into
 * the page (one task of 50–65 ms at CPU ×7.9, on the main thread, right after the tap: the
 * listener's phone runs no such script; bench/HISTORY.md, 2026-12-05).
 */
export const HEARD_BINDING = '__benchHeard';

/**
 * A finger's press at (x, y) in CSS pixels, sent as CDP's mouse input: pressed and released
 * together, as a touchscreen's quick tap ends before the page has done anything in between (a
 * release after the page had replaced the button would click their common parent, not the
 * button; a tap's click goes where the finger lifted). Not CDP's touch input
 * (`Input.dispatchTouchEvent`, what Playwright's tap sends): Chromium holds each injected touch
 * until the page's renderer has drawn a new frame (its DevTools input handler makes "sure the
 * compositor is up to date" first), yet stamps the event with the time it was sent. A touch sent while the page is still
 * starting reached the page's `pointerdown` 220-310 ms after it was sent, against 17-83 ms for
 * this press (CPU ×7.33, bench/HISTORY.md, twelfth session), and Event Timing counts that wait
 * as the page's own input delay. A phone's touchscreen does not wait for a frame. The page's
 * handlers take the click (the first-tap script) or pointer events, whichever the pointer.
 */
export async function pressAt(cdp, x, y) {
  await Promise.all([
    cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 }),
    cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 }),
  ]);
}

/**
 * Opens `url` and taps `box` the moment the button (`selector`) is there to see: after the
 * page's first paint (the browser's own lifecycle event), once the page has the button, at its
 * place on this screen (`box`, known from an earlier load of the same page on the same screen).
 * On a repeat visit the first paint is often the header alone, the parser not yet at the
 * button: a tap then lands on nothing (6 visits in 86, bench/HISTORY.md, twelfth session).
 * Whether the page has it is asked of the page each time its main thread is free, which is also
 * when a tap is handled. Again each `retapMs` until the page calls HEARD_BINDING. Answers the
 * taps made and when the page was first found with the button (page clock). The tap is `pressAt`'s; `pointer: 'touch'` sends CDP's touch instead, for the row
 * that keeps the difference in sight.
 */
export async function tapAtFirstSight(page, cdp, { url, box, selector, giveUpMs, retapMs = 1_000, pointer = 'press' }) {
  // The binding is in the page's main world only while this session has Runtime enabled.
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: HEARD_BINDING });
  let isHeard = false;
  let onHeard = () => {};
  const heard = new Promise((resolve) => (onHeard = resolve));
  cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name !== HEARD_BINDING) return;
    isHeard = true;
    onHeard();
  });
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  const painted = new Promise((resolve) => {
    cdp.on('Page.lifecycleEvent', (e) => {
      if (e.name === 'firstContentfulPaint') resolve();
    });
  });
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // Parsed, not laid out: a hit test here would force a layout on every ask, which the page
  // would then pay for; the button's place on this page does not move once it is there.
  const there = `(document.querySelector(${JSON.stringify(selector)}) ? performance.now() : null)`;
  const start = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await bounded(painted, giveUpMs, 'the first paint');
  let shownAt = null;
  while (shownAt === null) {
    if (Date.now() - start > giveUpMs) throw new Error(`${selector} never came to its place`);
    const { result } = await cdp.send('Runtime.evaluate', { expression: there, returnByValue: true });
    shownAt = result.value ?? null;
    if (shownAt === null) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let taps = 0;
  while (!isHeard && Date.now() - start < giveUpMs) {
    if (pointer === 'touch') await page.touchscreen.tap(x, y);
    else await pressAt(cdp, x, y);
    taps += 1;
    let timer;
    await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, retapMs)))]);
    clearTimeout(timer);
  }
  return { taps, shownAt };
}

/** One listener's visit: ms from navigation to sound, the taps it took and where the time went. */
export async function firstSoundOnce(chromium, { chrome, chromeFlags, url, box, selector, multiplier, audio, giveUpMs = 20_000, retapMs = 1_000 }) {
  const { browser, page, cdp } = await phone(chromium, { chrome, chromeFlags, multiplier, audio });
  try {
    // Network times in the page's clock: CDP's are seconds of a monotonic clock; the document's
    // request is the page's time 0 (its navigation start, within a millisecond).
    let docAt = null;
    let streamBytesAt = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (docAt === null && e.type === 'Document') docAt = e.timestamp;
    });
    cdp.on('Network.dataReceived', (e) => {
      if (streamBytesAt === null && streamIds.has(e.requestId)) streamBytesAt = e.timestamp;
    });
    const streamIds = new Set();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Media' || /\/demo\/stream/.test(e.response.url)) streamIds.add(e.requestId);
    });
    await page.addInitScript(() => {
      const w = window;
      w.__sound = { taps: [], playing: null };
      addEventListener('click', () => w.__sound.taps.push(performance.now()), true);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function () {
        this.addEventListener(
          'playing',
          () => {
            if (w.__sound.playing !== null) return;
            w.__sound.playing = performance.now();
            w.__benchHeard?.('playing');
          },
          { once: true },
        );
        return play.call(this);
      };
    });
    const { taps, shownAt } = await tapAtFirstSight(page, cdp, { url, box, selector, giveUpMs, retapMs });
    const inPage = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { html: nav?.responseEnd ?? null, paint: paint?.startTime ?? null, taps: window.__sound.taps, playing: window.__sound.playing };
    });
    if (inPage.playing === null) throw new Error(`no sound within ${giveUpMs / 1000} s (${taps} taps)`);
    const at = (t) => (t === null || docAt === null ? null : Math.round((t - docAt) * 1000));
    return {
      ms: Math.round(inPage.playing),
      // The taps it took: those before the sound (a retap already on its way may land after it).
      taps: inPage.taps.filter((t) => t <= inPage.playing).length || taps,
      html: Math.round(inPage.html ?? 0),
      paint: Math.round(inPage.paint ?? 0),
      shown: Math.round(shownAt ?? 0),
      tapsAt: inPage.taps.filter((t) => t <= inPage.playing).map(Math.round),
      streamBytes: at(streamBytesAt),
    };
  } finally {
    await browser.close();
  }
}

/** The floor app's first paint on the same phone (for scale). */
export async function floorPaintOnce(chromium, { chrome, chromeFlags, url, multiplier }) {
  const { browser, page } = await phone(chromium, { chrome, chromeFlags, multiplier });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 20_000 });
    return Math.round(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
  } finally {
    await browser.close();
  }
}

/**
 * `runs` listeners on each page (round by round, so a drifting machine load hits each alike),
 * and the floor's first paint; adds a row per page and a note of where the time went.
 */
export async function timeToFirstSound({ base, floorUrl, chrome, chromeFlags, multiplier, calibration, row, notes, runs = 5 }) {
  const { chromium } = await import('playwright-core');
  const only = (process.env.BENCH_FIRST_SOUND_PAGES || '').split(',').filter(Boolean);
  const pages = [
    { key: '/', path: '/', selector: '.hero-play', label: '/ (Listen Live)', goal: true },
    { key: '/schedule', path: '/schedule', selector: '.np-play', label: "/schedule (the bar's play button)" },
    // The same tap with desktop Chromium's audio service in a process of its own (launchPhoneBrowser).
    { key: '/ desktop', path: '/', selector: '.hero-play', label: "/ (Listen Live) with desktop Chromium's own audio process", audio: 'desktop' },
  ].filter((p) => !only.length || only.includes(p.path));
  const results = new Map(pages.map((p) => [p.key, []]));
  for (const p of pages) p.box = await buttonBox(chromium, { chrome, chromeFlags, url: base + p.path, selector: p.selector });
  const floor = [];
  for (let i = 0; i < runs; i++) {
    for (const p of pages) {
      try {
        const r = await firstSoundOnce(chromium, { chrome, chromeFlags, url: base + p.path, box: p.box, selector: p.selector, multiplier, audio: p.audio });
        results.get(p.key).push(r);
        console.log(
          `    ${p.label} run ${i + 1}: sound at ${r.ms} ms after ${r.taps} tap(s) (HTML ${r.html} ms, painted ${r.paint} ms, the button ${r.shown} ms, taps at ${r.tapsAt.join(', ')} ms, stream's first bytes ${r.streamBytes ?? '?'} ms)`,
        );
      } catch (e) {
        results.get(p.key).push({ error: e.message });
        console.log(`    ${p.label} run ${i + 1}: ${e.message}`);
      }
    }
    if (floorUrl) {
      try {
        floor.push(await floorPaintOnce(chromium, { chrome, chromeFlags, url: floorUrl, multiplier }));
      } catch (e) {
        console.log(`    floor app run ${i + 1}: ${e.message}`);
      }
    }
  }
  const floorPaint = floor.length ? median(floor) : null;
  for (const p of pages) {
    const all = results.get(p.key);
    const heard = all.filter((r) => !r.error);
    const silent = all.length - heard.length;
    if (!heard.length) {
      row(`Time to first sound ${p.label}`, p.goal ? '≤ 1.2 s, 1 tap, 0 silent' : '(reported)', `no sound in ${all.length} runs`, p.goal ? false : null);
      continue;
    }
    const ms = median(heard.map((r) => r.ms));
    const taps = median(heard.map((r) => r.taps));
    const goal = Boolean(p.goal);
    row(
      `Time to first sound ${p.label} (CPU ×${multiplier}, 150 ms / 1.6 Mbit/s, 375×740)`,
      goal ? '≤ 1.2 s median, 1 tap, 0 runs silent' : '(reported)',
      `${(ms / 1000).toFixed(2)} s (median of ${heard.map((r) => r.ms).join(', ')} ms), taps ${heard.map((r) => r.taps).join(', ')}, ${silent} silent; ` +
        `HTML ${median(heard.map((r) => r.html))} ms, painted ${median(heard.map((r) => r.paint))} ms, the button there ${median(heard.map((r) => r.shown))} ms, stream's first bytes ${median(heard.map((r) => r.streamBytes ?? 0))} ms` +
        (floorPaint !== null ? `; floor app's first paint ${floorPaint} ms` : ''),
      goal ? ms <= 1200 && taps === 1 && heard.every((r) => r.taps === 1) && silent === 0 : null,
    );
  }
  notes.push(
    `Time to first sound: CPU ×${multiplier} (${calibration}), Chromium's own network throttling (150 ms, 1.6 Mbit/s down, 750 kbit/s up), 375×740 with touch, ` +
      `a fresh browser each run (no cache, no service worker) with its audio service in the browser process as on Android (the desktop row: in a process of its own, Linux Chromium's default), the demo stream (/demo/stream, 48 kbps, a 64 KB burst on connect); the listener taps the button the moment it is there after the first paint (Chromium's own lifecycle event, then the page asked whether it has the button yet; at the button's place on this screen; a press sent as CDP's mouse input, which Chromium forwards at once, where its touch input waits for the page's next frame) and again each second ` +
      `while nothing plays; sound is the audio element's 'playing' event, in the page's clock from its navigation. Floor app: bench/floor, its first contentful paint on the same phone ` +
      `(median of ${floor.length}: ${floor.join(', ')} ms).`,
  );
}

// `node bench/first-sound.mjs`: this step alone, on the compiled server (dist/) with the demo
// data, calibrated as `npm run bench` does (BENCH_LIGHTHOUSE_MULTIPLIER fixes the slowdown for
// A/B comparisons; BENCH_FIRST_SOUND_RUNS, default 5; BENCH_FIRST_SOUND_PAGES, e.g. `/`).
if (process.argv[1] && (await import('node:url')).fileURLToPath(import.meta.url) === (await import('node:path')).resolve(process.argv[1])) {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { startCompiledServer } = await import('./lib/compiled-server.mjs');
  const { buildFloor, calibrate, serveFloor } = await import('./lighthouse.mjs');
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  const chromeFlags = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(root, 'e2e', 'chromium-args.json'), 'utf8'))];
  const server = await startCompiledServer({ root, tmpPrefix: 'radio-sound-', database: 'sound.sqlite3', env: { DEMO_DATA: 'on' }, what: 'server' });
  server.child.stdout.resume();
  const floor = process.env.BENCH_FIRST_SOUND_FLOOR === 'off' ? null : await serveFloor(root, await buildFloor(root));
  try {
    const calibrated = await calibrate({ url: server.url + '/', chrome, chromeFlags });
    console.log(`CPU slowdown ${calibrated.multiplier}× (${calibrated.calibration})`);
    const row = (figure, budget, measured, pass) => console.log(`${pass === null ? '·' : pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
    const notes = [];
    await timeToFirstSound({ base: server.url, floorUrl: floor ? floor.url + '/' : null, chrome, chromeFlags, ...calibrated, row, notes, runs: Number(process.env.BENCH_FIRST_SOUND_RUNS || 5) });
    for (const n of notes) console.log(n);
  } finally {
    await floor?.stop();
    await server.stop();
  }
}
