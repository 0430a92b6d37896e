// npm run test:e2e: the end-to-end suite as one Playwright process whose workers run side by
// side, each with its own server and database (e2e/worker-server.ts; E2E_WORKERS, one per core by default).
// Arguments (a file, --project, --grep, --workers) go to `playwright test` as they are.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const playwright = path.join(root, 'node_modules', '.bin', 'playwright');
const started = Date.now();
const child = spawn(playwright, ['test', '-c', path.join('e2e', 'playwright.config.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
child.on('close', (code, signal) => {
  const ok = code === 0 && !signal;
  console.log(`end-to-end: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(ok ? 0 : 1);
});
