// npm run test:e2e: the end-to-end suite as two Playwright processes side by side, each with its
// own server, database and ports: the phone's longest specs and the desktop's look, and the rest (E2E_GROUP in
// e2e/playwright.config.ts). A process runs its tests one at a time (they share one server's
// data), and they mostly wait on pages, streams and timers rather than compute: two at once took
// the suite from 11.5 to 8.2 min on a 2-core machine (docs/setup.md, "Set-up on a fresh machine").
// Arguments (a file, --project, --grep), or E2E_ONE_PROCESS=on, run one plain Playwright process
// instead, as `playwright test` would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const config = path.join('e2e', 'playwright.config.ts');
const playwright = path.join(root, 'node_modules', '.bin', 'playwright');
const args = process.argv.slice(2);

/** One Playwright process; its lines are printed as they come, each after the group's name. */
function run(name, extraArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(playwright, ['test', '-c', config, ...extraArgs], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(name ? `${name} | ${line}` : line));
    }
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const basePort = Number(process.env.E2E_PORT ?? 4319);
const baseHlsPort = Number(process.env.E2E_HLS_PORT ?? 5131);
/** A run directory asked for is shared out; by default each process makes its own (the config). */
const runDir = (group) => (process.env.E2E_RUN_DIR ? { E2E_RUN_DIR: path.join(process.env.E2E_RUN_DIR, group) } : {});

let codes;
if (args.length > 0 || process.env.E2E_ONE_PROCESS === 'on') {
  codes = [await run('', args, {})];
} else {
  const started = Date.now();
  codes = await Promise.all([
    run('first', [], { E2E_GROUP: 'first', E2E_PORT: String(basePort), E2E_HLS_PORT: String(baseHlsPort), ...runDir('first') }),
    run('second', [], { E2E_GROUP: 'second', E2E_PORT: String(basePort + 1), E2E_HLS_PORT: String(baseHlsPort + 1), ...runDir('second') }),
  ]);
  console.log(`end-to-end: ${codes.every((c) => c === 0) ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s (first: exit ${codes[0]}; second: exit ${codes[1]})`);
}
process.exit(codes.find((c) => c !== 0) ?? 0);
