import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/server/index.js') || !existsSync('dist/server/cli.js')) {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
