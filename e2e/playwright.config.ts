import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eRunDir } from './worker-server';

// Each worker runs the real server on its own fresh SQLite database with demo content
// (worker-server.ts, the `server` fixture in fixtures.ts), and the machine's Chromium.
// One folder for the run, set here once so every worker (a child of this process) shares it.
const runDir = e2eRunDir();
process.env.E2E_RUN_DIR = runDir;

const chromiumArgs = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'chromium-args.json'), 'utf8')) as string[];

const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // The machine's Chromium, headless and quiet; the same flags as npm run bench.
  args: chromiumArgs,
};

const phone = { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, launchOptions: chromium };

/**
 * Workers side by side, each with its own server and database; E2E_WORKERS sets how many, one
 * per core by default: each test's Chromium keeps a core busy, so more workers than cores only
 * add contention (docs/setup.md, "The end-to-end suite": on a 2-core host the first-tap spec
 * took 287 s and 570 CPU-s with two, 333 s and 663 CPU-s with three, five tests timing out).
 * A file's tests stay in order on one worker.
 */
const workers = Number(process.env.E2E_WORKERS ?? os.availableParallelism());

const DESKTOP_IGNORES = [
  /admin-people\.spec\.ts/,
  /offline\.spec\.ts/,
  /first-tap\.spec\.ts/,
  /live-feed\.spec\.ts/,
  /first-sight\.spec\.ts/,
  /first-visit\.spec\.ts/,
  /links-out\.spec\.ts/,
  /live-relay\.spec\.ts/,
  /moderation-spam\.spec\.ts/,
  /player\.spec\.ts/,
  /player-now-playing\.spec\.ts/,
  /security\.spec\.ts/,
  /server-render\.spec\.ts/,
  /server-render-dates\.spec\.ts/,
  /shoutouts\.spec\.ts/,
  /track-player\.spec\.ts/,
  /uploads\.spec\.ts/,
  /watch-hls\.spec\.ts/,
  /reminders\.spec\.ts/,
  /repeat-visit\.spec\.ts/,
];

const SERVICE_WORKER_SPECS = /(offline|reminders|repeat-visit)\.spec\.ts/;

// A test tagged '@desktop-only' checks desktop widths (a layout the phone's screen never has)
// and runs in the desktop project alone; the phone project leaves it out, as the desktop
// project leaves out '@phone-only', so neither reports it skipped.
export const DESKTOP_ONLY = /@desktop-only/;
const phoneProject = { name: 'phone', testIgnore: SERVICE_WORKER_SPECS, grepInvert: DESKTOP_ONLY, use: phone };
// The desktop project runs what the screen's size changes (layouts, navigation, forms, admin
// tables). Behaviour that does not depend on it (the player and streams, uploads, shoutout
// recording, embeds' isolation, outbound links, what a first visit fetches, the phone-only
// moderation flow) runs on the phone, our listeners' screen, only: CI stays well inside its 30
// minutes (docs/setup.md says which project runs what). Within the specs it does run, a test
// tagged '@phone-only' checks behaviour the screen's size does not change (downloads, links,
// counts, the server's answers, timers) and runs on the phone alone (issue 42: npm test's time).
export const PHONE_ONLY = /@phone-only/;
const desktopProject = {
  name: 'desktop',
  grepInvert: PHONE_ONLY,
  testIgnore: DESKTOP_IGNORES,
  use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
};
// The real service worker: installability, offline use, the outbox and show reminders.
const pwaProject = { name: 'pwa', testMatch: SERVICE_WORKER_SPECS, use: { ...phone, serviceWorkers: 'allow' as const } };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  // A shared 2-core host with three workers' browsers: a test's own waits, not the machine, should decide.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(runDir, 'results'),
  globalTeardown: path.resolve(import.meta.dirname, 'global-teardown.ts'),
  use: {
    launchOptions: chromium,
    trace: 'off',
    serviceWorkers: 'block',
  },
  projects: [phoneProject, desktopProject, pwaProject],
});
