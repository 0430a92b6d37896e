import { afterAll, beforeAll } from 'vitest';

/**
 * Sets `env` in process.env before the suite's apps are created (they read it then) and puts
 * every variable back as it was after the suite, unset ones unset.
 */
export function useProcessEnv(env: Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const k of Object.keys(env)) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
}
