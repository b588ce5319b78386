// Renderer JavaScript size against its budget (issue 17): gzipped, the first screen <= 250 KB and
// everything <= 450 KB. Reads the built output (out/renderer after `npm run build`): the first
// screen is the entry script in index.html plus every chunk it imports statically (what loads
// before anything is clicked) plus the browser-mode preload; lazily imported chunks (screens
// loaded on first visit) count only in the total. Used by bench/bundle-size.ts and
// test/packaging/bundle-size.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BROWSER_PRELOAD_ENTRY } from './renderer-config';

export const BUDGET_KB = { firstScreen: 250, total: 450 } as const;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleReport {
  chunks: ChunkSize[];
  /** Files (under assets/) loaded for the first screen. */
  firstScreen: string[];
  firstScreenGzip: number;
  totalGzip: number;
}

// Rollup's minified ESM: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`;
// a dynamic `import("./x.js")` is not matched (no parenthesis allowed before the specifier).
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!); // the specifier group is not optional
}

export function measureRenderer(outDir: string): BundleReport {
  const assets = join(outDir, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assets, file));
      return { file, bytes: code.length, gzip: gzipSync(code).length };
    });
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  if (entries.length === 0) throw new Error(`no entry script in ${join(outDir, 'index.html')}`);
  const first = new Set<string>();
  const visit = (file: string) => {
    if (first.has(file)) return;
    first.add(file);
    for (const dep of staticImports(readFileSync(join(assets, file), 'utf8'))) visit(dep);
  };
  for (const e of [...entries, `${BROWSER_PRELOAD_ENTRY}.js`]) visit(e);
  const size = (files: Iterable<string>) => [...files].reduce((n, f) => n + (chunks.find((c) => c.file === f)?.gzip ?? 0), 0);
  return {
    chunks: chunks.sort((a, b) => b.gzip - a.gzip),
    firstScreen: [...first],
    firstScreenGzip: size(first),
    totalGzip: size(chunks.map((c) => c.file)),
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
