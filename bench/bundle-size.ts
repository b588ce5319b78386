// Renderer JavaScript, gzipped, against its budget (issue 17): the first screen <= 250 KB,
// everything <= 450 KB. Reads out/renderer (built by `npm run build` or run-all.sh first); no
// timing, so machine load does not matter. Chunks loaded lazily (screens on first visit) are marked.
// Run: npx tsx bench/bundle-size.ts
import { fileURLToPath } from 'node:url';
import { BUDGET_KB, kb, measureRenderer } from '../scripts/bundle-budget';

const outDir = fileURLToPath(new URL('../out/renderer', import.meta.url));
const r = measureRenderer(outDir);
for (const c of r.chunks) {
  console.log(`${c.file.padEnd(44)} ${kb(c.bytes).padStart(8)} KB  gzip ${kb(c.gzip).padStart(7)} KB  ${r.firstScreen.includes(c.file) ? 'first screen' : 'lazy'}`);
}
const line = (label: string, bytes: number, budget: number) =>
  console.log(`${label}: ${kb(bytes)} KB gzipped = ${((bytes / 1024 / budget) * 100).toFixed(0)}% of ${budget} KB ${bytes <= budget * 1024 ? 'PASS' : 'OVER'}`);
line('first screen', r.firstScreenGzip, BUDGET_KB.firstScreen);
line('everything', r.totalGzip, BUDGET_KB.total);
