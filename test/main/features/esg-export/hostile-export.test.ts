// Hostile ESG content end to end in the core (issue 28): a real sandbox over HTTP serves built-in
// hostile answers (`setEsgHostile`); the ESG feature and an ESG run read them, and the ESG export
// writes a workbook read back with exceljs. Nothing is a formula or a non-http(s) hyperlink, 1e999
// is no number, a 100,000-deep answer is a clear error naming company and module, a 5 MB string
// reaches the screen clamped and the workbook as long as a cell holds.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_MAX_CHARS } from '../../../../src/main/features/esg/display-items';
import { createEsgExportFeature } from '../../../../src/main/features/esg-export/feature';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import { XLSX_MAX_CELL_CHARS } from '../../../../src/main/platform/tabular/cells';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import type { EsgExportJob } from '../../../../src/shared/bridge/groups/esg-export';
import { isTerminalTask } from '../../../../src/shared/esg-runs/schemas';
import { ESG_MODULES } from '../../../../src/shared/service/schemas';
import { ctx, fakeDeps } from '../esg/helpers/fake-deps';
import { featureOn, sandboxWithClock, until } from '../esg/helpers/sandbox-world';
import type { ScaledClock } from '../esg/helpers/scaled-clock';
import { runsOn, tempDataDir } from '../esg-runs/helpers/run-world';
import { testWorkspacePort } from '../../../helpers/workspace';

const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const FORMULA_START = /^[=+\-@]/;

let sandbox: SandboxHandle;
let clock: ScaledClock;
let content: { company_id: string; name: string };
let huge: { company_id: string; name: string };
let deep: { company_id: string; name: string };
beforeAll(async () => {
  ({ clock, sandbox } = await sandboxWithClock(5, { sessionMs: 2000, sessionJitter: 0 }, 400));
  const [c, h, d] = sandbox.control.esgCompanies('known', 3);
  if (!c || !h || !d) throw new Error('The sandbox has fewer than three known ESG companies');
  [content, huge, deep] = [c, h, d];
  sandbox.control.setEsgHostile(content.company_id, 'content');
  sandbox.control.setEsgHostile(huge.company_id, 'huge');
  sandbox.control.setEsgHostile(deep.company_id, 'deep');
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the ESG screen feature', () => {
  it('content: 1e999 arrives as null, links and HTML are passed on as text for the screen to judge', async () => {
    const { feature } = featureOn(sandbox, clock);
    const scores = await feature.handlers.request({ companyId: content.company_id, module: 'scores', pageSize: 10 }, ctx());
    expect(scores.status).toBe('complete');
    expect(scores.items[0]).toMatchObject({ overall: null, environmental: null, social: 'NaN', governance: 42 });
    const news = await feature.handlers.request({ companyId: content.company_id, module: 'news', pageSize: 10 }, ctx());
    expect(news.items.map((i) => i.sentiment ?? null)).not.toContain(Infinity);
    expect(JSON.stringify(news.items)).not.toContain('Infinity');
    await feature.dispose!();
  });

  it('huge: the 5 MB headline reaches the screen clamped, saying so', async () => {
    const { feature } = featureOn(sandbox, clock);
    const news = await feature.handlers.request({ companyId: huge.company_id, module: 'news', pageSize: 10 }, ctx());
    const title = news.items[0]!.title as string;
    expect(title.length).toBeLessThan(DISPLAY_MAX_CHARS + 100);
    expect(title).toContain('characters in all; the export has the full text');
    await feature.dispose!();
  });

  it('deep: a bad_response naming the module and the company, for every module', async () => {
    const { feature } = featureOn(sandbox, clock);
    for (const module of ESG_MODULES) {
      await expect(feature.handlers.request({ companyId: deep.company_id, module, pageSize: 10 }, ctx())).rejects.toMatchObject({
        code: 'bad_response',
        message: `The ESG ${module} answer for company ${deep.company_id} is nested more than 64 levels deep; Firmscope does not read answers nested that deep.`,
      });
    }
    await feature.dispose!();
  });
});

describe('a run and the ESG export', () => {
  it('the run stores content and huge, fails deep with the reason; the workbook has no formula, no unsafe link, no non-finite number', async () => {
    const dataDir = tempDataDir();
    const world = runsOn(sandbox, clock, { dataDir });
    const companies = [content, huge, deep].map((c) => ({ companyId: c.company_id, companyName: c.name }));
    await world.feature.handlers.start({ companies, modules: [...ESG_MODULES], label: 'Hostile' }, ctx());
    // huge defines no scores: that cell runs a normal 2 s session.
    await until(() => [...world.cells().values()].filter((t) => isTerminalTask(t.state)).length === 9, 60_000, 'every cell terminal');
    const cells = [...world.cells().values()];
    for (const t of cells.filter((c) => c.companyId === deep.company_id)) {
      expect(t.state).toBe('failed');
      expect(t.error?.message).toContain(`for company ${deep.company_id} is nested more than 64 levels deep`);
    }
    for (const t of cells.filter((c) => c.companyId !== deep.company_id)) expect(t.state, `${t.companyId} ${t.module}`).toBe('complete');
    await world.close();

    // Export the list of the three through the bridge handlers, as the list view does.
    const { deps, rec } = fakeDeps(async () => {
      throw new Error('the export never calls the service');
    });
    deps.workspace = testWorkspacePort(dataDir, () => 'sandbox');
    deps.dataDir = dataDir;
    deps.shell.chooseExportPath = async (name) => join(dataDir, name);
    const lists = createListsFeature(deps);
    const { list } = lists.activeStore().createList({ name: 'Hostile', companies: [content, huge, deep].map((c) => ({ companyId: c.company_id, name: c.name })) });
    const exporter = createEsgExportFeature(deps, { lists, progressIntervalMs: 0 });
    const started = await exporter.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'xlsx' }, ctx());
    const ended = await rec.events.first((e) => e.name === 'progress' && (e.payload as EsgExportJob).id === started!.id && (e.payload as EsgExportJob).state !== 'running');
    const job = ended.payload as EsgExportJob;
    expect(job.state).toBe('done');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dataDir, job.fileName));
    const texts: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Hyperlink);
          if (typeof cell.value === 'number') expect(Number.isFinite(cell.value), `${ws.name}!${cell.address}`).toBe(true);
          if (typeof cell.value === 'string') texts.push(cell.value);
        }),
      ),
    );
    // The service's text is kept exactly, bidi controls included: an export never changes the data.
    expect(texts.filter((t) => BIDI.test(t)).length).toBeGreaterThan(0);

    const rows = (name: string) => {
      const out: Record<string, unknown>[] = [];
      const ws = wb.getWorksheet(name)!;
      const head = (ws.getRow(1).values as unknown[]).slice(1) as string[];
      ws.eachRow((row, n) => n > 1 && out.push(Object.fromEntries(head.map((h, i) => [h, row.getCell(i + 1).value ?? null]))));
      return out;
    };
    // Text starting with = + - @ is a string cell, unchanged (XLSX text never runs).
    const news = rows('News').filter((r) => r.company_id === content.company_id);
    const titles = news.map((r) => r.title as string);
    expect(titles).toEqual(expect.arrayContaining(['=HYPERLINK("http://evil.example","click me")', '+SUM(1,2) plus first', "@SUM(1+1)*cmd|' /C calc'!A0", '-1+1 minus first']));
    expect(titles.filter((t) => FORMULA_START.test(t))).toHaveLength(4);
    expect(titles).toContain('Before \u202Egnp.exe\u202C after, then an open override \u202Etail');
    // Links stay the service's text, in string cells.
    expect(news.map((r) => r.url)).toEqual(expect.arrayContaining(['javascript:window.__hostile=3', 'file:///etc/passwd']));
    // 1e999 / -1e999: empty cells; the text "NaN" stays text.
    expect(news.map((r) => r.sentiment ?? null)).toEqual(news.map(() => null));
    const [score] = rows('Scores').filter((r) => r.company_id === content.company_id);
    expect(score).toMatchObject({ overall: null, environmental: null, social: 'NaN', governance: 42, methodology: '=cmd' });
    const [summary] = rows('Companies').filter((r) => r.company_id === content.company_id);
    expect(summary!.overall).toBeNull();
    // The 5 MB headline: as much as an XLSX cell holds.
    const [big] = rows('News').filter((r) => r.company_id === huge.company_id);
    expect((big!.title as string).length).toBe(XLSX_MAX_CELL_CHARS);
    // The deep company: listed, without data.
    expect(rows('Companies').map((r) => r.company_id)).toContain(deep.company_id);
    expect(rows('News').some((r) => r.company_id === deep.company_id)).toBe(false);
    await exporter.dispose!();
  }, 120_000);
});
