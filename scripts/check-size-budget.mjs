// Compressed size of each route's first visit, from the built app. `npm run build` prints it
// (`--report`: never fails); `npm test` runs it after the build without the flag, and then it
// fails when the first visit to `/` (HTML, CSS, JS the radio page needs, compressed as the
// server sends them) exceeds 130 KB. Sizes are deterministic, so this may gate CI; timings
// live in `npm run bench`, not here.
import { FIRST_VISIT_BUDGET_BYTES, firstVisitBytes, kb, measureRoutes } from '../bench/first-visit-size.mjs';

const reportOnly = process.argv.includes('--report');
const result = measureRoutes(process.env.APP_DIR || undefined);
console.log('First visit, compressed as sent (brotli / gzip):');
for (const r of result.routes) {
  console.log(`  ${r.route.padEnd(20)} br ${kb(r.br).padStart(9)}  gzip ${kb(r.gzip).padStart(9)}  (${r.files.length} files)`);
}
const { bytes } = firstVisitBytes(result);
const over = bytes > FIRST_VISIT_BUDGET_BYTES;
const line = `First visit to / is ${kb(bytes)} brotli (budget ${kb(FIRST_VISIT_BUDGET_BYTES)})`;
if (over && !reportOnly) {
  console.error(`${line}: over budget`);
  process.exit(1);
}
console.log(over ? `${line}: OVER BUDGET` : line);
