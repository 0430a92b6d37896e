// The same phone as the Lighthouse step, with the slowdown applied for real: Chromium's CPU
// throttling at the calibrated multiplier and slow 4G (150 ms, 1.6 Mbit/s), one page load
// traced. Lighthouse's default throttling replays a full-speed load through a model, and
// where its recorded first paint falls is a race (docs/performance.md: one build of / scored
// 61 to 91); here the shell paints when the HTML arrives, as it does on a real slow
// connection, and blocking time is counted after that paint as Lighthouse counts it.

const TRACE_CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading,toplevel';

/**
 * One throttled load of url: first paint, blocking time after it (tasks over 50 ms), and
 * main-thread time after it and in all (from the navigation), in ms. The floor app does its
 * start before its first paint and ours after, so only the whole main-thread time compares them.
 */
export async function realThrottledLoad(chromium, { chrome, chromeFlags, url, multiplier, settleMs = 10_000 }) {
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags.filter((f) => !f.startsWith('--headless')) });
  try {
    // A Moto G Power-sized phone, as Lighthouse's mobile emulation.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES });
    await page.goto(url);
    await page.waitForTimeout(settleMs);
    await cdp.send('Tracing.end');
    await complete;
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isOutermostMainFrame && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'));
    const fcp = nav && events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === nav.args.data.navigationId);
    if (!fcp) throw new Error(`no first paint recorded for ${url}`);
    const all = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts);
    const tasks = all.filter((e) => e.ts >= fcp.ts);
    const ms = (us) => us / 1000;
    return {
      firstPaint: Math.round(ms(fcp.ts - nav.ts)),
      blocking: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, ms(t.dur) - 50), 0)),
      mainThread: Math.round(tasks.reduce((sum, t) => sum + ms(t.dur), 0)),
      mainThreadTotal: Math.round(all.reduce((sum, t) => sum + ms(t.dur), 0)),
    };
  } finally {
    await browser.close();
  }
}
