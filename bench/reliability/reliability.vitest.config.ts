import { defineConfig } from 'vitest/config';

// The long, machine-bound reliability tests: `npm run test:reliability`. Not part of `npm test`.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['bench/reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
