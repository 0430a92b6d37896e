import { defineConfig } from 'vitest/config';

// The long, machine-bound reliability tests: `npm run test:reliability`. Not part of `npm test`.
// They run the compiled server: dist/server/index.js, or RELIABILITY_SERVER_ENTRY (with APP_DIR).
// A full run writes its figures into bench/RESULTS.md (results-reporter.ts).
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['bench/reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    reporters: ['default', './bench/reliability/results-reporter.ts'],
  },
});
