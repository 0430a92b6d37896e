// CI step (issue 30): the lockfile's production dependencies against the advisories the npm
// registry serves, by `npm audit --omit=dev`; high and critical ones fail the run.
//
// Where the registry refuses its advisory endpoint (some mirrors and proxies answer 405 to
// the bulk POST), the run says so plainly, does not pretend to have audited, and still checks
// the lockfile against the advisories this project has met (KNOWN below), so a fix once made
// cannot quietly be undone by a downgrade.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Advisories met before, and the first release with the fix. */
const KNOWN = [{ name: 'file-type', fixed: '21.3.1', advisory: 'CVE-2026-31808' }];

const newer = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(/[.+-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
};

/** Every installed copy of `name` the lockfile names for production, with its version. */
function lockedCopies(name) {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  return Object.entries(lock.packages ?? {})
    .filter(([where, entry]) => (where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`)) && !entry.dev)
    .map(([where, entry]) => ({ where, version: entry.version }));
}

function checkKnown() {
  const stale = KNOWN.flatMap(({ name, fixed, advisory }) =>
    lockedCopies(name)
      .filter((c) => !newer(c.version, fixed))
      .map((c) => `${c.where} ${c.version}: ${advisory}, fixed in ${fixed}`),
  );
  for (const line of stale) console.error(`audit: ${line}`);
  console.log(`audit: the lockfile's production copies of ${KNOWN.map((k) => k.name).join(', ')} are at or past their known fixes: ${stale.length === 0 ? 'yes' : 'no'}`);
  return stale.length === 0;
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
let report = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  // Not JSON at all: the refusal below.
}

const knownOk = checkKnown();
if (!report || report.statusCode || report.error || !report.metadata) {
  const why = report?.message ?? (run.error?.message || run.stderr.trim().split('\n').pop() || 'no answer');
  console.log(`audit: npm audit could not run, the registry refused its advisory endpoint (${why}); production dependencies were NOT checked against the registry's advisories, only against the known ones above.`);
  process.exit(knownOk ? 0 : 1);
}

const counts = report.metadata.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (v.severity === 'high' || v.severity === 'critical') console.error(`audit: ${name} ${v.range}: ${v.severity}${v.fixAvailable ? ' (a fix is available)' : ''}`);
}
console.log(`audit: npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`);
process.exit(serious === 0 && knownOk ? 0 : 1);
