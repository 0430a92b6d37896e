// The Node options `npm start` runs the server with, read from package.json's start script, the one
// place they are written: the bench and the reliability suite run the compiled server as
// production does (docs/deploy.md, "Memory").
import fs from 'node:fs';
import path from 'node:path';

/** The `--` options of package.json's start script under `root`, in order. */
export function serverNodeOptions(root) {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}
