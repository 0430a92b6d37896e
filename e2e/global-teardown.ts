import fs from 'node:fs';
import path from 'node:path';

/** The run's database and uploads go; failure artefacts (results/) stay for reading. */
export default function teardown(): void {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) return;
  for (const entry of fs.existsSync(runDir) ? fs.readdirSync(runDir) : []) {
    if (entry !== 'results') fs.rmSync(path.join(runDir, entry), { recursive: true, force: true });
  }
}
