// Part of `npm test`, after the build: fails when the first visit to `/` (HTML, CSS, JS the
// radio page needs, compressed as the server sends them) exceeds 130 KB. Sizes are
// deterministic, so this may gate CI; timings live in `npm run bench`, not here.
import { FIRST_VISIT_BUDGET_BYTES, firstVisitBytes, kb, measureRoutes } from '../bench/first-visit-size.mjs';

const result = measureRoutes();
for (const r of result.routes) {
  console.log(`${r.route.padEnd(22)} gzip ${kb(r.gzip).padStart(9)}  br ${kb(r.br).padStart(9)}  (${r.files.length} files)`);
}
const { bytes } = firstVisitBytes(result);
if (bytes > FIRST_VISIT_BUDGET_BYTES) {
  console.error(`First visit to / is ${kb(bytes)} compressed, over the ${kb(FIRST_VISIT_BUDGET_BYTES)} budget`);
  process.exit(1);
}
console.log(`First visit to / is ${kb(bytes)} compressed (budget ${kb(FIRST_VISIT_BUDGET_BYTES)})`);
