// npm test: every check (route tree, type-check, Vitest, build and size budget, end-to-end),
// each step's output printed as it comes after its name, and at the end each step's time. The
// type-check and the build run beside Vitest, whose suites mostly wait on real peers (servers,
// ffmpeg, icecast2, timers); the end-to-end suite runs alone once they are done, its workers
// side by side (docs/setup.md, "How npm test spends its time"). NPM_TEST_SERIAL=on runs every
// step one after another.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();
const seconds = (ms) => Math.round(ms / 1000);
const times = [];

/** One step as a child process; resolves to true when it exited 0. */
function step(name, command, args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${name} | ${line}`));
    }
    child.on('close', (code, signal) => {
      const ok = code === 0 && !signal;
      times.push({ name, s: seconds(Date.now() - t0), ok, from: seconds(t0 - started) });
      console.log(`${name} | ${ok ? 'passed' : 'FAILED'} in ${seconds(Date.now() - t0)} s`);
      resolve(ok);
    });
  });
}

const node = process.execPath;
const routeTree = () => step('route tree', node, ['scripts/generate-route-tree.mjs']);
const typecheck = () => step('typecheck', bin('tsc'), ['-b']);
const vitest = () => step('vitest', bin('vitest'), ['run']);
const build = async () => (await step('build', 'npm', ['run', 'build', '--silent'])) && step('check:size', node, ['scripts/check-size-budget.mjs']);
const e2e = () => step('e2e', node, ['scripts/test-e2e.mjs']);

let ok;
if (process.env.NPM_TEST_SERIAL === 'on') {
  ok = (await routeTree()) && (await typecheck()) && (await vitest()) && (await build()) && (await e2e());
} else {
  // The route tree first: the type-check reads it, and the build and Vitest would each write it.
  ok = await routeTree();
  if (ok) {
    const [unit, typed, built] = await Promise.all([vitest(), typecheck(), build()]);
    ok = unit && typed && built && (await e2e());
  }
}

console.log('\nnpm test, step by step (s from the start, s taken):');
for (const t of times) console.log(`  ${t.name.padEnd(12)} from ${String(t.from).padStart(4)} s  took ${String(t.s).padStart(4)} s  ${t.ok ? 'passed' : 'FAILED'}`);
console.log(`npm test ${ok ? 'passed' : 'FAILED'} in ${seconds(Date.now() - started)} s`);
process.exit(ok ? 0 : 1);
