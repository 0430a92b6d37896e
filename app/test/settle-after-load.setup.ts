import { afterAll } from 'vitest';

// Vitest's setup for every test file (vite.config.ts). In a happy-dom file the page has loaded
// at once, so a player module any component imports (app/lib/player/player.ts) starts fetching
// its after-load chunk as it is evaluated. On a loaded CI host that import was still on its way
// when the file's environment was torn down, and Vitest failed the run on the unhandled
// EnvironmentTeardownError. Waiting for the same module here, before the teardown, settles it;
// files without a window (the server's, the domain's) do nothing.
afterAll(async () => {
  if (typeof window === 'undefined') return;
  await import('../lib/player/after-load');
});
