import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes the figures of a full `npm run test:reliability` run (each test's task.meta.figures)
 * into bench/RESULTS.md between the reliability markers: the section is replaced if present,
 * appended if not. bench/run.mjs carries the section over when it rewrites the file.
 * A partial run (a file or name filter, a skipped test) leaves the file alone.
 */
export const START = '<!-- reliability:start -->';
export const END = '<!-- reliability:end -->';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RESULTS = process.env.RELIABILITY_RESULTS_FILE ? path.resolve(ROOT, process.env.RELIABILITY_RESULTS_FILE) : path.join(ROOT, 'bench', 'RESULTS.md');

export function replaceSection(text: string, section: string): string {
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a !== -1 && b > a) return text.slice(0, a) + section + text.slice(b + END.length);
  return (text ? text.replace(/\n*$/, '\n\n') : '') + section + '\n';
}

export default class ReliabilityResults implements Reporter {
  private started = new Date();

  onTestRunStart(): void {
    this.started = new Date();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const expected = fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.test.ts')).length;
    const tests = testModules.flatMap((m) => [...m.children.allTests()].map((t) => ({ module: m, test: t })));
    const states = tests.map(({ test }) => test.result().state);
    if (testModules.length !== expected || tests.length === 0 || states.some((s) => s === 'skipped' || s === 'pending')) {
      console.log(`\nreliability: partial run (${testModules.length}/${expected} files, ${states.filter((s) => s === 'skipped').length} skipped): ${path.relative(ROOT, RESULTS)} not changed`);
      return;
    }
    const failed = states.filter((s) => s === 'failed').length;
    const seconds = Math.round((Date.now() - this.started.getTime()) / 1000);
    const cpus = os.cpus();
    const entry = process.env.RELIABILITY_SERVER_ENTRY || 'dist/server/index.js';
    const lines = [
      START,
      '## Reliability (`npm run test:reliability`)',
      '',
      `Latest run ${this.started.toISOString()}, ${seconds} s: ${tests.length - failed} of ${tests.length} tests passed${failed ? ` — **${failed} failed**` : ''}.`,
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; the compiled server (\`${entry}\`) on 127.0.0.1, each test on its own SQLite file or PostgreSQL database. Written by bench/reliability/results-reporter.ts; the tests are in bench/reliability/.`,
      '',
      '| Test | Result | Time |',
      '| --- | --- | --- |',
      ...tests.map(({ test }) => `| ${test.fullName.replace(/ > /g, ' — ').replace(/\|/g, '\\|')} | ${test.result().state === 'passed' ? 'pass' : 'FAIL'} | ${Math.round((test.diagnostic()?.duration ?? 0) / 1000)} s |`),
      '',
    ];
    for (const { module, test } of tests) {
      const state = test.result().state === 'passed' ? 'pass' : 'FAIL';
      const file = path.relative(ROOT, module.moduleId);
      const duration = Math.round((test.diagnostic()?.duration ?? 0) / 1000);
      lines.push(`### ${test.fullName.replace(/ > /g, ' — ')}`, '', `${state}, ${duration} s (${file})`, '');
      for (const f of test.meta().figures ?? []) lines.push(`- ${f}`);
      if (test.result().state === 'failed') {
        for (const e of test.result().errors ?? []) lines.push(`- Failure: ${String(e.message).split('\n')[0]}`);
      }
      lines.push('');
    }
    lines.push(END);
    const before = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '';
    fs.writeFileSync(RESULTS, replaceSection(before, lines.join('\n')));
    console.log(`\nreliability: figures written to ${path.relative(ROOT, RESULTS)}`);
  }
}
