// `npm start`: build first when there is no build (a fresh clone), then run the compiled server.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/server/index.js') || !existsSync('dist/app/index.html')) {
  console.log('No build found: building once…');
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../dist/server/index.js');
