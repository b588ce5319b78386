// Test what users run: the BUILT renderer (out/renderer) stays within its gzipped size budget
// (first screen <= 250 KB, everything <= 450 KB), the heavy screens load lazily (their own
// chunks, outside the first screen), and the spreadsheet writer (exceljs, main-process only)
// never reaches the renderer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/build-outputs.mjs';
import { BUDGET_KB, measureRenderer, staticImports, type BundleReport } from '../../scripts/bundle-budget';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, 'out/renderer');
let report: BundleReport;

beforeAll(() => {
  if (!ensureBuilt(root, ['renderer'])) throw new Error('building out/renderer failed');
  report = measureRenderer(outDir);
}, 240_000);

describe('the built renderer bundle', () => {
  it('is within the gzipped budgets: first screen and everything', () => {
    expect(report.firstScreen.length).toBeGreaterThan(0);
    expect(report.firstScreenGzip).toBeGreaterThan(10 * 1024); // it did find the app, not an empty shell
    expect(report.firstScreenGzip).toBeLessThanOrEqual(BUDGET_KB.firstScreen * 1024);
    expect(report.totalGzip).toBeLessThanOrEqual(BUDGET_KB.total * 1024);
  });

  it('loads the ESG, Match and Diagnostics screens lazily, outside the first screen', () => {
    for (const screen of ['EsgScreen', 'MatchScreen', 'DiagnosticsScreen']) {
      const chunk = report.chunks.find((c) => c.file.startsWith(`${screen}-`));
      expect(chunk, `${screen} has its own chunk`).toBeDefined();
      expect(report.firstScreen).not.toContain(chunk!.file);
    }
  });

  it('never contains exceljs (spreadsheets are written in main)', () => {
    for (const c of report.chunks) expect(readFileSync(join(outDir, 'assets', c.file), 'utf8'), c.file).not.toMatch(/xl\/workbook\.xml|ExcelJS/);
  });

  it('follows static imports and not dynamic ones', () => {
    expect(staticImports('import{a as b}from"./x-1.js";import"./y.js";export{c}from"./z.js";const l=()=>import("./lazy.js")')).toEqual(['x-1.js', 'y.js', 'z.js']);
  });
});
