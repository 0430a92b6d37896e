// Lighthouse, calibrated to the host (issue 15). Lighthouse's mobile preset slows the CPU 4×
// relative to the machine it runs on, so the same code scores differently on a fast laptop and
// on a shared server. Chrome DevTools calibrates a low-tier phone (Moto G Power 2022 class) at
// a Lighthouse benchmarkIndex of 264: a first run reads this host's benchmarkIndex, and every
// scored run slows the CPU by benchmarkIndex / 264, so a figure from any machine means that
// phone. The floor app (bench/floor/: the smallest React 19 + TanStack Router + TanStack Query
// app with one route) is built with Vite and served by our own server in the same run, so the
// table shows how far above the framework's own cost our pages are.
//
// The same floor is also scored with a one-line text shell in its page, painted before its
// script as our pages paint theirs (`floor-shell`): Lighthouse counts as blocking only the
// tasks after the first paint, so this row shows what the framework's own start costs a page
// that shows something before it (docs/performance.md).
//
// BENCH_LIGHTHOUSE_RUNS (default 3) runs per page; BENCH_LIGHTHOUSE_PAGES a comma list of
// pages to score (`floor` is the floor app, `floor-shell` the same with its shell; `{artist}`
// stands for a demo artist's id; default: both floors and the eleven public pages of issue 29);
// BENCH_LIGHTHOUSE_MULTIPLIER fixes the multiplier instead of calibrating (comparisons only).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bounded, startCompiledServer } from './lib/compiled-server.mjs';
import { realThrottledLoad } from './lib/real-throttle.mjs';
import { longTaskCpuShare } from './lib/trace-cpu-share.mjs';

/** Chrome DevTools' calibration of a low-tier phone (Moto G Power 2022 class). */
export const LOW_TIER_BENCHMARK_INDEX = 264;
export const DEFAULT_PAGES = [
  'floor',
  'floor-shell',
  '/',
  '/artists',
  '/artists/directory',
  '/artists/{artist}',
  '/country',
  '/schedule',
  '/events',
  '/watch',
  '/sponsors',
  '/sponsors/submit',
  '/community?tenant=caribbean',
  // Issue 43: every public page, the episodes too.
  '/episodes',
];
const FLOORS = new Set(['floor', 'floor-shell']);
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' };

/**
 * The long tasks behind a run's total blocking time: those of Lighthouse's simulation between
 * first contentful paint and interactive, longest first. Lighthouse keeps only the tasks that
 * took 10 ms or more in its own full-speed trace (shorter ones without network dependants
 * are pruned from its model), each slowed by the multiplier (docs/performance.md).
 */
export function countedLongTasks(lhr, origin) {
  const assets = origin + '/assets/';
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const tti = lhr.audits.interactive?.numericValue ?? Infinity;
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  return items
    .filter((t) => t.startTime + t.duration > fcp && t.startTime < tti)
    .sort((a, b) => b.duration - a.duration)
    .map((t) => {
      const where =
        t.url === 'Unattributable'
          ? 'unattributed'
          : t.url.startsWith(assets)
            ? t.url.slice(assets.length)
            : 'the page (its HTML, style, layout, paint)';
      return `${Math.round(t.duration)} ms ${where}`;
    });
}

/**
 * How much of the unthrottled trace's long tasks (what Lantern slows into the blocking time)
 * was the page's thread on the CPU, over all of a page's runs (bench/lib/trace-cpu-share.mjs).
 */
function cpuShareOf(done) {
  const known = done.map((r) => r.cpu).filter(Boolean);
  if (!known.length) return '';
  const wall = known.reduce((a, c) => a + c.wall, 0);
  const cpu = known.reduce((a, c) => a + c.cpu, 0);
  const threadBlocking = median(known.map((c) => c.threadBlocking));
  return `; its long tasks ran on the CPU ${Math.round((100 * cpu) / Math.max(1, wall))} % of their time (${cpu} of ${wall} ms over the runs; the rest waited); blocking by thread time ${threadBlocking} ms (median)`;
}

/**
 * A page's blocking time beside the floor's: as a ratio, unless the floor blocked less than
 * 10 ms, where a ratio would divide by next to nothing (a quiet host's floor often blocks 0 ms).
 */
export function versusFloor(tbt, floor) {
  const head = `floor ${floor.score}, TBT ${floor.tbt} ms`;
  if (floor.tbt < 10) return `${head} (TBT ${tbt - floor.tbt} ms above the floor's)`;
  return `${head} (TBT ${(tbt / floor.tbt).toFixed(1)}× the floor's)`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Builds bench/floor with Vite into a temporary folder and precompresses it as our build is. */
export async function buildFloor(root) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-bench-floor-'));
  // A child process, so the bench's own process loads neither Vite nor Rolldown.
  const script = `
    import { build } from 'vite';
    import react from '@vitejs/plugin-react';
    await build({
      configFile: false,
      logLevel: 'warn',
      root: ${JSON.stringify(path.join(root, 'bench', 'floor'))},
      plugins: [react()],
      build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, target: 'es2022' },
    });
    const { precompress } = await import(${JSON.stringify(path.join(root, 'scripts', 'precompress.mjs'))});
    precompress(${JSON.stringify(outDir)});
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'inherit', timeout: 180_000 });
  return outDir;
}

/** A copy of the floor's build whose page paints a line of text before its script runs. */
async function withShell(root, appDir) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'radio-bench-floor-shell-'));
  fs.cpSync(appDir, outDir, { recursive: true });
  const page = path.join(outDir, 'index.html');
  const html = fs.readFileSync(page, 'utf8');
  if (!html.includes('<div id="root"></div>')) throw new Error('the floor page has no empty root to put a shell in');
  fs.writeFileSync(page, html.replace('<div id="root"></div>', '<div id="root"><p>Loading…</p></div>'));
  for (const copy of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(outDir, copy), { force: true });
  const { precompress } = await import(path.join(root, 'scripts', 'precompress.mjs'));
  precompress(outDir);
  return outDir;
}

/** Our compiled server, serving the floor build (APP_DIR) on its own port. */
export async function serveFloor(root, appDir) {
  const server = await startCompiledServer({
    root,
    tmpPrefix: 'radio-bench-floor-db-',
    database: 'floor.sqlite3',
    env: { APP_DIR: appDir, DEMO_DATA: 'off' },
    what: 'floor server',
  });
  server.child.stdout.resume();
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(appDir, { recursive: true, force: true });
    },
  };
}

/**
 * Scores each page (median of `runs` fresh-browser runs) at the calibrated CPU slowdown and
 * adds a row per page, our pages with their ratio to the floor's blocking time and score.
 */
export async function calibratedLighthouse({ root, base, chrome, chromeFlags, row, notes }) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
  // A demo artist's page: the first approved artist of this run's database.
  const artists = await (await fetch(`${base}/api/artists?approved=true&limit=1`)).json();
  const pages = (process.env.BENCH_LIGHTHOUSE_PAGES || DEFAULT_PAGES.join(','))
    .split(',')
    .map((p) => p.trim().replace('{artist}', artists[0]?.id ?? 'none'))
    .filter(Boolean);
  const { default: lighthouse } = await import('lighthouse');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const chromeLauncher = await import('chrome-launcher');

  const once = async (url, cpuSlowdownMultiplier) => {
    const browser = await chromeLauncher.launch({ chromePath: chrome, chromeFlags });
    try {
      const result = await bounded(
        lighthouse(url, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
        }),
        180_000,
        `Lighthouse on ${url}`,
      );
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      const trace = result.artifacts?.Trace?.traceEvents;
      return Object.assign(lhr, { cpuShare: trace ? longTaskCpuShare(trace, cpuSlowdownMultiplier) : null });
    } finally {
      await browser.kill();
    }
  };

  const floors = new Map();
  let calibratedAs = null;
  try {
    if (pages.some((page) => FLOORS.has(page))) {
      console.log('  building the floor app (bench/floor)…');
      const built = await buildFloor(root);
      if (pages.includes('floor-shell')) floors.set('floor-shell', await serveFloor(root, await withShell(root, built)));
      if (pages.includes('floor')) floors.set('floor', await serveFloor(root, built));
      else fs.rmSync(built, { recursive: true, force: true });
    }
    const urlOf = (page) => (FLOORS.has(page) ? floors.get(page).url + '/' : base + page);

    // Calibration: the host's benchmarkIndex under Lighthouse's own default run, the median of
    // three first runs. One run's index was seen anywhere from 1141 to 2546 on the same quiet
    // host, which made the "low-tier phone" anything from ×4.3 to ×9.6 (docs/performance.md).
    let multiplier = Number(process.env.BENCH_LIGHTHOUSE_MULTIPLIER || 0);
    let calibration = 'fixed by BENCH_LIGHTHOUSE_MULTIPLIER';
    let calibrated = 0;
    if (!multiplier) {
      const indexes = [];
      for (let i = 0; i < 3; i++) indexes.push(Math.round((await once(urlOf(pages[0]), 4)).environment.benchmarkIndex));
      const index = median(indexes);
      calibrated = index;
      multiplier = Math.round((index / LOW_TIER_BENCHMARK_INDEX) * 100) / 100;
      calibration = `benchmarkIndex ${index} (median of ${indexes.join(', ')}) / ${LOW_TIER_BENCHMARK_INDEX}`;
    }
    console.log(`  CPU slowdown ${multiplier}× (${calibration})`);
    calibratedAs = { multiplier, calibration };

    // Round by round, every page once per round: on a machine whose load drifts, each page
    // (and the floor) then sees the same spread of it, so the ratios stay fair.
    const results = new Map(pages.map((page) => [page, { done: [], error: null }]));
    const labelOf = (page) =>
      page === 'floor' ? 'floor app (bench/floor)' : page === 'floor-shell' ? 'floor app with a text shell painted first' : page;
    for (let i = 0; i < runs; i++) {
      for (const page of pages) {
        const r = results.get(page);
        if (r.error) continue;
        try {
          const lhr = await once(urlOf(page), multiplier);
          const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
          const tbt = Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0);
          const index = Math.round(lhr.environment.benchmarkIndex);
          const detail = Object.entries(METRICS)
            .map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`)
            .join(', ');
          const counted = countedLongTasks(lhr, new URL(urlOf(page)).origin);
          const cpu = lhr.cpuShare;
          r.done.push({ score, tbt, index, detail, counted, cpu });
          const onCpu = cpu ? `; long tasks ${cpu.wall} ms, ${cpu.cpu} ms on the CPU; blocking by thread time ${cpu.threadBlocking} ms` : '';
          console.log(`    ${labelOf(page)} run ${i + 1}: ${score} (${detail}; benchmarkIndex ${index}, ×${multiplier}${onCpu})`);
        } catch (e) {
          r.error = e;
        }
      }
    }

    const figures = new Map();
    for (const page of pages) {
      const label = labelOf(page);
      const { done, error } = results.get(page);
      if (error || !done.length) {
        row(`Lighthouse mobile ${label}`, '≥ 95', `error: ${error?.message ?? 'no run'}`, false);
        continue;
      }
      const score = median(done.map((r) => r.score));
      const tbt = median(done.map((r) => r.tbt));
      const index = median(done.map((r) => r.index));
      figures.set(page, { score, tbt });
      // The calibration holds only while the machine stays as busy as it was: say so when
      // the page's runs found the host much faster or slower than the first run did.
      if (!process.env.BENCH_LIGHTHOUSE_MULTIPLIER && (index > calibrated * 1.5 || index < calibrated / 1.5)) {
        notes.push(`Lighthouse ${label}: the host's benchmarkIndex during its runs (median ${index}) was far from the calibration's ${calibrated}: the machine's load changed, so this figure emulates another phone; compare it with the floor of the same run, or run again on a quiet machine.`);
      }
      const vsFloor = !FLOORS.has(page) && figures.has('floor') ? `; ${versusFloor(tbt, figures.get('floor'))}` : '';
      row(
        `Lighthouse mobile ${label} (CPU ×${multiplier}, benchmarkIndex ${index})`,
        FLOORS.has(page) ? '(yardstick)' : '≥ 95, TBT ≤ 200 ms',
        `${score} (median of ${done.map((r) => r.score).join(', ')}), TBT ${tbt} ms${vsFloor}${cpuShareOf(done)}`,
        FLOORS.has(page) ? null : score >= 95 && tbt <= 200,
      );
      const mid = done.find((r) => r.score === score) ?? done[0];
      notes.push(
        `Lighthouse ${label} (a median run): ${mid.detail}; benchmarkIndex per run ${done.map((r) => r.index).join(', ')}; ` +
          `long tasks between its first paint and interactive, as simulated (each blocks for its time past 50 ms): ${mid.counted.length ? mid.counted.join(', ') : 'none'}`,
      );
    }
    notes.push(
      `Lighthouse 12, mobile, simulated slow 4G; CPU slowdown ${multiplier}× (${calibration}: a low-tier phone, as Chrome DevTools calibrates it); ` +
        `${runs} runs per page, a fresh headless Chromium each, median score and median total blocking time.`,
    );

    // The same phone with the slowdown applied for real (bench/lib/real-throttle.mjs), round
    // by round as above: what a listener on that phone waits through after the first paint.
    const realRuns = Number(process.env.BENCH_REAL_THROTTLE_RUNS ?? 3);
    if (realRuns > 0) {
      const { chromium } = await import('playwright-core');
      const real = new Map(pages.map((page) => [page, []]));
      for (let i = 0; i < realRuns; i++) {
        for (const page of pages) {
          try {
            const r = await bounded(realThrottledLoad(chromium, { chrome, chromeFlags, url: urlOf(page), multiplier }), 120_000, `real throttling on ${page}`);
            real.get(page).push(r);
            console.log(`    real throttling ${labelOf(page)} run ${i + 1}: first paint ${r.firstPaint} ms, blocking after it ${r.blocking} ms, main thread after it ${r.mainThread} ms (${r.mainThreadTotal} ms in all)`);
          } catch (e) {
            console.log(`    real throttling ${labelOf(page)} run ${i + 1}: ${e.message}`);
          }
        }
      }
      // Compared in all: the floor's start is before its first paint, ours after (docs/performance.md).
      const floorReal = real.get('floor')?.length ? median(real.get('floor').map((r) => r.mainThreadTotal)) : null;
      for (const page of pages) {
        const done = real.get(page);
        if (!done.length) continue;
        const fp = median(done.map((r) => r.firstPaint));
        const blocking = median(done.map((r) => r.blocking));
        const main = median(done.map((r) => r.mainThread));
        const total = median(done.map((r) => r.mainThreadTotal));
        const vs = !FLOORS.has(page) && floorReal !== null ? `; main thread in all ${(total / Math.max(1, floorReal)).toFixed(1)}× the floor's` : '';
        row(
          `Real throttling ${labelOf(page)} (CPU ×${multiplier}, slow 4G)`,
          '(what the phone waits through)',
          `first paint ${fp} ms, blocking after it ${blocking} ms, main thread after it ${main} ms, in all ${total} ms (medians of ${done.length})${vs}`,
          null,
        );
      }
      notes.push(
        `Real throttling: Chromium's own CPU throttling at ${multiplier}× and slow 4G (150 ms, 1.6 Mbit/s), a 412×823 phone, one traced load settled for 10 s; ` +
          'blocking time is the sum over main-thread tasks after the first paint of their time past 50 ms (docs/performance.md).',
      );
    }
  } finally {
    for (const floor of floors.values()) await floor.stop();
  }
  return calibratedAs;
}

/**
 * The calibrated CPU slowdown alone (benchmarkIndex / 264, the median of three Lighthouse runs
 * of `url`), for a step that runs without the Lighthouse step (BENCH_SKIP=lighthouse).
 */
export async function calibrate({ url, chrome, chromeFlags }) {
  if (process.env.BENCH_LIGHTHOUSE_MULTIPLIER) return { multiplier: Number(process.env.BENCH_LIGHTHOUSE_MULTIPLIER), calibration: 'fixed by BENCH_LIGHTHOUSE_MULTIPLIER' };
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const indexes = [];
  for (let i = 0; i < 3; i++) {
    const browser = await chromeLauncher.launch({ chromePath: chrome, chromeFlags });
    try {
      const result = await bounded(lighthouse(url, { port: browser.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }), 180_000, `Lighthouse on ${url}`);
      indexes.push(Math.round(result.lhr.environment.benchmarkIndex));
    } finally {
      await browser.kill();
    }
  }
  const index = median(indexes);
  return { multiplier: Math.round((index / LOW_TIER_BENCHMARK_INDEX) * 100) / 100, calibration: `benchmarkIndex ${index} (median of ${indexes.join(', ')}) / ${LOW_TIER_BENCHMARK_INDEX}` };
}
