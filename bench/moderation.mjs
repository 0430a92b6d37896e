// Issue 43, "Moderating from a phone": the admin moderation screen as a moderator on a
// low-tier phone lives it. The compiled server (its own fresh SQLite database, no demo data)
// with 200 pending artists, 200 pending tracks and 200 pending prayers (caribbean, the tenant
// with a prayer wall) and a moderator signed in with a passkey session (bench/lib/moderation-
// seed.mjs); the phone of the Lighthouse step: CPU ×(benchmarkIndex / 264), 150 ms and 1.6
// Mbit/s, 412×823 with touch, a fresh browser each visit (bench/lib/moderation-phone.mjs).
//
// 1. Interactive: from navigation until the first row's 'Approve' button is there and a tap
//    on it is handled and painted (the button's busy state on screen), a cold visit each run.
//    The page comes drawn by the server for the session (docs/server-render.md, "A moderator's
//    page"): its button is there from the first paint, and counts once the app listens.
// 2. Each 'Approve' and each tab switch: from the tap (the pointerdown as the page saw it)
//    to the frame that shows the change, and the interaction's Event Timing duration (INP).
// 3. 'Load more' to show 50 rows, 'Select all shown', 'Reject selected': from the tap until
//    none of the 50 is on screen, with where the time went (its 50 PATCHes, the refetch).
// 4. Lighthouse mobile on /admin/moderation at the same multiplier, the session cookie sent
//    as an extra header (Lighthouse resets the browser's storage before it loads a page).
//
// Run alone: node bench/moderation.mjs (after npm run build); BENCH_LIGHTHOUSE_MULTIPLIER fixes
// the slowdown; BENCH_MODERATION_RUNS (default 3) cold visits, BENCH_MODERATION_LIGHTHOUSE_RUNS
// (default 3). From bench/run.mjs: the "moderation" step (BENCH_SKIP=moderation skips it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bounded, startCompiledServer } from './lib/compiled-server.mjs';
import { moderatorPhone, tapAndMeasure, inpOf } from './lib/moderation-phone.mjs';
import { moderatorSession, openDatabase, PENDING_EACH, topUpPending } from './lib/moderation-seed.mjs';
import { calibrate } from './lighthouse.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = '/admin/moderation?tenant=caribbean';
const DATABASE = 'moderation.sqlite3';
export const BUDGETS = { interactiveMs: 2500, tapMs: 200, bulkMs: 500, lighthouse: 90 };
const ROW = '[data-testid="moderation-row"]';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Where a visit's first queue came from: in the page (rendered by the server), or asked by the app (when). */
const whereTheQueueCame = (v) =>
  v.rendered === true ? `the queue in the page (rendered by the server), the app listening at ${v.listens} ms` : `/api/admin/me answered ${v.me} ms, artists queue asked ${v.queueAsked} and answered ${v.queue} ms`;

/** The visits' medians, field by field (`rendered` when every visit was). */
const medianVisit = (visits) => ({
  rendered: visits.every((v) => v.rendered),
  me: median(visits.map((v) => v.me)),
  queueAsked: median(visits.map((v) => v.queueAsked)),
  queue: median(visits.map((v) => v.queue)),
  listens: median(visits.map((v) => v.listens)),
});

/** Goal 1, one cold visit: ms from navigation to the Approve button, the tap on it, and its handled paint. */
async function interactiveOnce(chromium, opts) {
  const { browser, page } = await moderatorPhone(chromium, opts);
  try {
    await page.goto(opts.base + PAGE, { waitUntil: 'commit' });
    const approve = page.locator(`${ROW} button.mod-approve`).first();
    await approve.waitFor({ state: 'visible', timeout: 30_000 });
    const label = await approve.getAttribute('aria-label');
    // force: the tap goes the moment the button is there, without Playwright's stability waits.
    const r = await tapAndMeasure(page, approve, { shown: `button[aria-label="${label}"][aria-busy="true"]`, force: true });
    const { approveAt: present, listensAt } = await page.evaluate(() => window.__mod);
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      // Where the wait goes: the scripts, the gate's session question, the first queue's answer.
      const res = performance.getEntriesByType('resource');
      // The first request of each kind (the tap's approve refetches the queue afterwards).
      const first = (re) => res.find((e) => re.test(e.name)) ?? { startTime: NaN, responseEnd: NaN };
      // The scripts that came before the button could be tapped: before the app drew it, or on a
      // page the server rendered, before the app listened.
      const readyAt = (document.getElementById('server-data') ? window.__mod.listensAt : window.__mod.approveAt) ?? Infinity;
      const scripts = res.filter((e) => /\/assets\/.*\.js/.test(e.name) && e.responseEnd < readyAt);
      return {
        // The page came with its queue (the server's render for the session: docs/server-render.md).
        rendered: Boolean(document.getElementById('server-data')),
        html: Math.round(n?.responseEnd ?? 0),
        fcp: Math.round(fcp?.startTime ?? 0),
        scripts: Math.round(Math.max(0, ...scripts.map((e) => e.responseEnd))),
        me: Math.round(first(/\/api\/admin\/me/).responseEnd),
        queueAsked: Math.round(first(/\/api\/artists\?pending/).startTime),
        queue: Math.round(first(/\/api\/artists\?pending/).responseEnd),
      };
    });
    // The page's clock starts at its navigation: these are ms after it.
    // Interactive: the button there and the app taking its taps (on a page the server rendered,
    // the button is there first and a tap is held until the app listens), plus what a tap then
    // takes to be handled and painted. The gap between the two is the harness's own (Playwright
    // finding the button on the throttled main thread), not the moderator's: the raw times are
    // kept beside.
    const handledAfter = r.painted;
    const ready = Math.max(present, nav.rendered ? (listensAt ?? Infinity) : 0);
    return { present: Math.round(present), listens: listensAt === null ? null : Math.round(listensAt), tapped: Math.round(r.tapAt), handled: Math.round(r.tapAt + r.painted), interactive: Math.round(ready + handledAfter), inp: inpOf(r), ...nav };
  } finally {
    await browser.close();
  }
}

/** Waits until no row, tab or bulk button is busy and every queue has its count (nothing in flight). */
const settled = (page) =>
  page.waitForFunction(() => !document.querySelector('.admin-moderation [aria-busy="true"]') && !/\(…\)/.test(document.querySelector('.mod-tabs')?.textContent ?? '…'), null, { timeout: 30_000, polling: 100 });

/** Goals 2 and 3 on one visit: approves and tab switches, then the bulk reject of 50 prayers. */
async function tapsSession(chromium, opts) {
  const { browser, page } = await moderatorPhone(chromium, opts);
  const approves = [];
  const tabs = [];
  try {
    await page.goto(opts.base + PAGE, { waitUntil: 'load' });
    await page.locator(`${ROW} button.mod-approve`).first().waitFor({ timeout: 30_000 });
    await settled(page);
    const approveThree = async (kind) => {
      for (let i = 0; i < 3; i++) {
        const button = page.locator(`#mod-panel-${kind} ${ROW} button.mod-approve`).first();
        const label = await button.getAttribute('aria-label');
        const sel = `button[aria-label="${label}"]`;
        const r = await tapAndMeasure(page, button, { shown: `${sel}[aria-busy="true"]`, gone: sel });
        approves.push({ kind, ...r });
        await settled(page);
        await page.waitForTimeout(300);
      }
    };
    const switchTo = async (kind) => {
      const r = await tapAndMeasure(page, page.locator(`#mod-tab-${kind}`), { shown: `.mod-tabs:has(#mod-tab-${kind}[aria-selected="true"]) ~ #mod-panel-${kind}:not([aria-hidden="true"]) ${ROW}` });
      tabs.push({ kind, ...r });
      await settled(page);
      await page.waitForTimeout(300);
    };
    await approveThree('artists');
    await switchTo('tracks');
    await approveThree('tracks');
    await switchTo('prayers');
    await approveThree('prayers');
    await switchTo('artists');
    await switchTo('tracks');
    await switchTo('prayers');

    // Goal 3: 25 rows a page (app/features/moderation/api.ts), so 'Load more' once shows 50.
    const more = await tapAndMeasure(page, page.getByRole('button', { name: 'Load more' }), { shown: `#mod-panel-prayers ${ROW}:nth-of-type(50)` });
    await settled(page);
    const shownRows = await page.locator(`#mod-panel-prayers ${ROW}`).count();
    const select = await tapAndMeasure(page, page.locator('#mod-panel-prayers').getByLabel('Select all shown', { exact: true }), { shown: `#mod-panel-prayers ${ROW}[aria-selected="true"]:nth-of-type(${shownRows})` });
    const labels = await page.locator(`#mod-panel-prayers ${ROW} input[type="checkbox"]`).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const anyOld = labels.map((l) => `#mod-panel-prayers input[aria-label="${l.replace(/"/g, '\\"')}"]`).join(', ');
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
    // The rows leave at the tap (the page does not wait for the server): what the moderator sees
    // is the rows gone; the busy button leaves with them when every shown row was selected.
    const reject = await tapAndMeasure(page, page.getByRole('button', { name: 'Reject selected' }), { gone: anyOld, timeoutMs: 60_000 });
    // Where the time went: the page's own resource timings after the tap (PATCH /api/prayers/:id,
    // then the queues' GETs), in ms after the tap.
    const net = await page.evaluate(
      ({ before, tapAt }) => {
        const after = performance.getEntriesByType('resource').slice(before).filter((e) => e.initiatorType === 'fetch');
        const patches = after.filter((e) => /\/api\/prayers\/[^?]+/.test(e.name));
        const refetch = after.filter((e) => /\/api\/prayers\?pending=true/.test(e.name) && e.startTime > Math.max(...patches.map((p) => p.responseEnd)));
        const at = (t) => Math.round(t - tapAt);
        return {
          patches: patches.length,
          firstPatchSent: patches.length ? at(Math.min(...patches.map((p) => p.startTime))) : null,
          lastPatchAnswered: patches.length ? at(Math.max(...patches.map((p) => p.responseEnd))) : null,
          refetchPages: refetch.length,
          refetchDone: refetch.length ? at(Math.max(...refetch.map((p) => p.responseEnd))) : null,
        };
      },
      { before, tapAt: reject.tapAt },
    );
    return { approves, tabs, bulk: { shownRows, more, select, reject, net } };
  } finally {
    await browser.close();
  }
}

/** Goal 4: Lighthouse mobile on the moderation page as the moderator, `runs` fresh browsers. */
async function lighthouseRuns({ base, token, chrome, chromeFlags, multiplier, runs }) {
  const { default: lighthouse } = await import('lighthouse');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const chromeLauncher = await import('chrome-launcher');
  const done = [];
  for (let i = 0; i < runs; i++) {
    const browser = await chromeLauncher.launch({ chromePath: chrome, chromeFlags });
    try {
      const result = await bounded(
        lighthouse(base + PAGE, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier },
          // The session cookie, on every request of the run: Lighthouse clears the origin's
          // storage (cookies included) before it loads the page, an extra header stays.
          extraHeaders: { Cookie: `radio_admin=${token}` },
        }),
        180_000,
        'Lighthouse on the moderation page',
      );
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      // Scored as the moderator only if the page showed a queue: one the server rendered in it
      // for the session (its largest paint is in the moderation page), or one the page read
      // with the session (200); not the gate.
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const queue = requests.find((r) => r.url.includes('/api/prayers?pending=true'));
      const lcpNode = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {});
      const rendered = /"path":"[^"]*,TABLE,\d+,TBODY,/.test(lcpNode);
      if (!rendered && (!queue || queue.statusCode !== 200)) throw new Error(`the page did not show the queues as the moderator (prayers queue ${queue ? queue.statusCode : 'not asked'}, largest paint not in the moderation page: ${lcpNode.slice(0, 400)}): scored the gate, not the page`);
      const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
      done.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        tbt: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
        index: Math.round(lhr.environment.benchmarkIndex),
        detail: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      });
      console.log(`    Lighthouse run ${i + 1}: ${done.at(-1).score} (${done.at(-1).detail}; benchmarkIndex ${done.at(-1).index})`);
    } finally {
      await browser.kill();
    }
  }
  return done;
}

/**
 * The whole bench on its own server. `calibrated` ({multiplier, calibration}) comes from the
 * Lighthouse step when bench/run.mjs has one; else it is measured here (three Lighthouse runs).
 */
export async function moderationBench({ chrome, chromeFlags, calibrated = null, runs = Number(process.env.BENCH_MODERATION_RUNS || 3), lighthouseRunsCount = Number(process.env.BENCH_MODERATION_LIGHTHOUSE_RUNS || 3) }) {
  const { chromium } = await import('playwright-core');
  const server = await startCompiledServer({ root: ROOT, tmpPrefix: 'radio-bench-moderation-', database: DATABASE, env: { DEMO_DATA: 'off' }, what: 'moderation server' });
  server.child.stdout.resume();
  const db = await openDatabase(server.dir, DATABASE);
  try {
    const pending = await topUpPending(db);
    const token = await moderatorSession(db);
    calibrated ??= await calibrate({ url: server.url + '/', chrome, chromeFlags });
    const { multiplier, calibration } = calibrated;
    const index = /benchmarkIndex (\d+)/.exec(calibration)?.[1] ?? 'fixed';
    console.log(`  CPU slowdown ${multiplier}× (${calibration}); pending ${JSON.stringify(pending)}`);
    const opts = { chrome, chromeFlags, multiplier, base: server.url, token };

    const visits = [];
    for (let i = 0; i < runs; i++) {
      await topUpPending(db);
      try {
        const v = await bounded(interactiveOnce(chromium, opts), 120_000, 'a cold visit');
        visits.push(v);
        console.log(`    cold visit ${i + 1}: HTML ${v.html} ms, first paint ${v.fcp} ms, Approve present ${v.present} ms, tapped ${v.tapped} ms, handled and painted ${v.handled} ms (INP ${v.inp} ms; interactive ${v.interactive} ms); scripts loaded ${v.scripts} ms, ${whereTheQueueCame(v)}`);
      } catch (e) {
        console.log(`    cold visit ${i + 1}: ${e.message}`);
      }
    }
    await topUpPending(db);
    const taps = await bounded(tapsSession(chromium, opts), 300_000, 'the taps');
    for (const a of taps.approves) console.log(`    Approve (${a.kind}): painted ${a.painted} ms, INP ${a.inp ? `${a.inp.duration} ms (input delay ${a.inp.inputDelay}, processing ${a.inp.processing})` : '< 16 ms'}, row gone ${a.gone} ms`);
    for (const t of taps.tabs) console.log(`    tab ${t.kind}: painted ${t.painted} ms, INP ${t.inp ? `${t.inp.duration} ms (input delay ${t.inp.inputDelay}, processing ${t.inp.processing})` : '< 16 ms'}`);
    const b = taps.bulk;
    console.log(`    bulk: ${b.shownRows} rows shown (Load more painted ${b.more.painted} ms); Select all shown painted ${b.select.painted} ms (INP ${inpOf(b.select)} ms); Reject selected: INP ${inpOf(b.reject)} ms, rows gone ${b.reject.gone} ms; ${JSON.stringify(b.net)}`);

    let lh = null;
    let lhError = null;
    try {
      lh = await lighthouseRuns({ ...opts, runs: lighthouseRunsCount });
    } catch (e) {
      lhError = e.message;
      console.log(`    Lighthouse: ${e.message}`);
    }
    return { multiplier, calibration, index, pending, visits, taps, lh, lhError, runs };
  } finally {
    await db.destroy();
    await server.stop();
  }
}

/** bench/run.mjs's rows: [figure, budget, measured, pass] each. */
export function moderationRows(r) {
  const phone = `CPU ×${r.multiplier}, benchmarkIndex ${r.index}, 150 ms / 1.6 Mbit/s`;
  const who = 'a moderator (passkey session)';
  const rows = [];
  const seeded = `${PENDING_EACH} pending artists, tracks, prayers`;
  if (r.visits.length) {
    const interactive = median(r.visits.map((v) => v.interactive));
    rows.push([
      `Moderation interactive: /admin/moderation, the first row's Approve there and a tap on it handled and painted, cold visit (${who}, ${seeded}; ${phone})`,
      `≤ ${BUDGETS.interactiveMs / 1000} s`,
      `${(interactive / 1000).toFixed(2)} s (median of ${r.visits.map((v) => v.interactive).join(', ')} ms; the bench's own tap landed at ${median(r.visits.map((v) => v.tapped))} ms, painted ${median(r.visits.map((v) => v.handled))} ms); medians: HTML ${median(r.visits.map((v) => v.html))} ms, first paint ${median(r.visits.map((v) => v.fcp))} ms, ` +
        `scripts ${median(r.visits.map((v) => v.scripts))} ms, ${whereTheQueueCame(medianVisit(r.visits))}, Approve present ${median(r.visits.map((v) => v.present))} ms`,
      interactive <= BUDGETS.interactiveMs && r.visits.length === r.runs,
    ]);
  } else rows.push([`Moderation interactive (${phone})`, `≤ ${BUDGETS.interactiveMs / 1000} s`, 'error: no visit finished', false]);
  const tapRow = (what, list) => {
    const painted = list.map((x) => x.painted);
    const inp = list.map(inpOf);
    const worst = Math.max(...painted, ...inp);
    return [
      `Moderation ${what} (${list.length} taps; ${phone})`,
      `≤ ${BUDGETS.tapMs} ms to the painted change`,
      `change painted worst ${Math.max(...painted)} ms, median ${median(painted)} ms; INP (Event Timing) worst ${Math.max(...inp)} ms, median ${median(inp)} ms` +
        (what === "'Approve'" ? `; the row gone after ${median(list.map((x) => x.gone))} ms (median: the server's answer and the queue's refetch)` : ''),
      worst <= BUDGETS.tapMs,
    ];
  };
  rows.push(tapRow("'Approve'", r.taps.approves));
  rows.push(tapRow('tab switch', r.taps.tabs));
  const b = r.taps.bulk;
  rows.push([
    `Moderation 'Select all shown' + 'Reject selected' on ${b.shownRows} rows (25 a page: 'Load more' once; ${phone})`,
    `≤ ${BUDGETS.bulkMs} ms until the rows are gone`,
    `${b.reject.gone} ms from the tap to none of the ${b.shownRows} on screen (INP ${inpOf(b.reject)} ms; 'Select all shown' painted ${b.select.painted} ms); ` +
      `${b.net.patches} PATCHes, first sent ${b.net.firstPatchSent} ms, last answered ${b.net.lastPatchAnswered} ms, ${b.net.refetchPages} queue pages refetched by ${b.net.refetchDone} ms`,
    b.reject.gone <= BUDGETS.bulkMs,
  ]);
  if (r.lh?.length) {
    const score = median(r.lh.map((x) => x.score));
    rows.push([
      `Lighthouse mobile /admin/moderation as ${who} (CPU ×${r.multiplier}, benchmarkIndex during the runs ${median(r.lh.map((x) => x.index))})`,
      `≥ ${BUDGETS.lighthouse}`,
      `${score} (median of ${r.lh.map((x) => x.score).join(', ')}), TBT ${median(r.lh.map((x) => x.tbt))} ms; ${r.lh.find((x) => x.score === score)?.detail}`,
      score >= BUDGETS.lighthouse,
    ]);
  } else rows.push([`Lighthouse mobile /admin/moderation as ${who}`, `≥ ${BUDGETS.lighthouse}`, `not measured: ${r.lhError ?? 'no run'}`, null]);
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  const chromeFlags = ['--headless=new', ...JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e', 'chromium-args.json'), 'utf8'))];
  const r = await moderationBench({ chrome, chromeFlags });
  for (const [figure, budget, measured, pass] of moderationRows(r)) console.log(`${pass === null ? '·' : pass ? '✓' : '✗'} ${figure}: ${measured} (budget ${budget})`);
}
