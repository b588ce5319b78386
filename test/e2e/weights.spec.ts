// Portfolio weights in Chromium against the embedded sandbox (seed 42), issue 38 #2: an analyst
// makes a benchmark list of 12 companies (equal weights) and a portfolio of 8 of them, switches the
// portfolio to per-company weights and types them in the Weight column (decimals, a 0, one left
// empty), refreshes the portfolio's scores, opens its Analytics and picks the benchmark. The
// weighted-average scores, coverage by weight, holdings' weights, contributions and shares, and the
// active weights on screen equal a plain computation from what the workspace holds (the lists
// bridge: typed weights, stored scores, countries and industries), written as the screen writes
// numbers (en-US). Then the ESG workbook, exported from the list, opened in LibreOffice Calc
// (test/helpers/libreoffice.ts): its Analytics sheet's numbers are number cells that read as
// exactly what the screen showed. Axe scans the screen with the weighted panel.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ANALYTICS_COLUMNS } from '../../src/main/features/analytics/analytics-sheet';
import type { ListMembersPage } from '../../src/shared/lists/lists';
import { generateCompanies } from '../../src/sandbox/dataset';
import { calcRows, EN_US, isComputed, openInCalc } from '../helpers/libreoffice';
import { expectNoAxeViolations } from './a11y';
import { listFromIds, refreshListScores } from './esg-run-helpers';
import { expect, test } from './fixtures';

const BENCHMARK = 'Benchmark universe';
const PORTFOLIO = 'Core holdings';
const universe = generateCompanies(42, 25_000).slice(300, 312);
const holdings = universe.slice(0, 8);
/** What the analyst types in the Weight column, company by company ('' : left empty). */
const TYPED = ['30', '12.5', '20', '0', '7.25', '', '15', '5'];

type Member = ListMembersPage['rows'][number];
const PARTS = [['Overall', 'overallScore'], ['Environmental', 'environmentalScore'], ['Social', 'socialScore'], ['Governance', 'governanceScore']] as const;

// The screen's number formats (analytics/format.ts), written here with Intl in en-US (the page's locale).
const en = (o: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', o);
const fmt = {
  score: (n: number | null) => (n === null ? '—' : en({ maximumFractionDigits: 1 }).format(n)),
  weight: (pct: number | null) => (pct === null ? '—' : en({ style: 'percent', maximumFractionDigits: 2 }).format(pct / 100)),
  points: (n: number | null) => (n === null ? '—' : en({ maximumFractionDigits: 2 }).format(n)),
  active: (pp: number) => en({ style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(pp / 100).replace('-', '−'),
};

/** A list's members as the workspace holds them (weights, stored scores, records), through the lists bridge. */
async function membersOf(page: Page, name: string): Promise<Member[]> {
  return page.evaluate(async (listName) => {
    type Api = { lists: { all(): Promise<{ value: { id: number; name: string }[] }>; members(i: unknown): Promise<{ value: { rows: unknown[] } }> } };
    const api = (window as unknown as { firmscope: Api }).firmscope;
    const id = (await api.lists.all()).value.find((l) => l.name === listName)!.id;
    return (await api.lists.members({ id, view: {}, offset: 0, limit: 1000 })).value.rows;
  }, name) as Promise<Member[]>;
}

/** The weighted numbers computed the plain way: weights over the positive ones (or equal), sums and divisions. */
function plain(members: readonly Member[], equal: boolean) {
  const held = members.filter((m) => equal || (m.weight ?? 0) > 0);
  const total = held.reduce((s, m) => s + (equal ? 1 : m.weight!), 0);
  const weight = new Map(held.map((m) => [m.companyId, ((equal ? 1 : m.weight!) / total) * 100]));
  const averages = new Map(
    PARTS.map(([label, key]) => {
      const scored = held.filter((m) => typeof m.esg[key] === 'number');
      const coverage = scored.reduce((s, m) => s + weight.get(m.companyId)!, 0);
      const sum = scored.reduce((s, m) => s + weight.get(m.companyId)! * m.esg[key]!, 0);
      return [label, { average: coverage > 0 ? sum / coverage : null, coverage }];
    }),
  );
  const overall = averages.get('Overall')!;
  const contribution = (m: Member) => (typeof m.esg.overallScore === 'number' ? (weight.get(m.companyId)! / overall.coverage) * m.esg.overallScore : null);
  const byGroup = (key: (m: Member) => string) => {
    const out = new Map<string, number>();
    for (const m of held) out.set(key(m), (out.get(key(m)) ?? 0) + weight.get(m.companyId)!);
    return out;
  };
  const industry = (m: Member) => (typeof m.record?.industry_code === 'string' ? m.record.industry_code.slice(0, 2) : 'unknown');
  return { held, weight, averages, contribution, byCountry: byGroup((m) => (m.country ?? 'unknown').toUpperCase()), byDivision: byGroup(industry) };
}

/** A table's body rows as the cells' text, the row header first. */
const tableRows = (table: Locator) => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));

/** Makes the two lists, types the portfolio's weights and refreshes its scores; ends on the portfolio's list view. */
async function preparePortfolio(page: Page): Promise<Locator> {
  await listFromIds(page, BENCHMARK, universe.map((c) => c.company_id));
  await listFromIds(page, PORTFOLIO, holdings.map((c) => c.company_id));
  const view = page.getByRole('region', { name: PORTFOLIO });
  await expect(view.getByTestId('list-rows')).toHaveText('Rows 1–8 of 8');

  // Per-company weights: the Weight column appears; each weight typed and saved on Enter.
  await view.getByRole('radio', { name: 'Per company (Weight column)' }).check();
  for (const [i, c] of holdings.entries()) {
    if (TYPED[i] === '') continue;
    const field = view.getByRole('textbox', { name: `Weight of ${c.name}` });
    await field.fill(TYPED[i]!);
    await field.press('Enter');
  }
  // Saved: the workspace holds each weight as typed.
  await expect.poll(async () => new Map((await membersOf(page, PORTFOLIO)).map((m) => [m.companyId, m.weight]))).toEqual(new Map(holdings.map((c, i) => [c.company_id, TYPED[i] === '' ? null : Number(TYPED[i])])));

  // A scores run over the portfolio.
  await refreshListScores(page, view, PORTFOLIO);
  await page.keyboard.press('Alt+3');
  await expect(view.getByTestId('list-rows')).toHaveText('Rows 1–8 of 8');
  return view;
}

/** The Analytics sheet of the list's ESG workbook (exported from the list view) as LibreOffice Calc opens it. */
async function exportedAnalytics(page: Page, view: Locator, dataDir: string): Promise<unknown[][]> {
  await view.getByRole('button', { name: 'Export ESG…' }).click();
  const dialog = page.getByRole('dialog', { name: `Export ESG of list “${PORTFOLIO}”` });
  await expect(dialog.getByRole('radio', { name: /^Excel workbook/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Start ESG export' }).click();
  await expect(dialog.getByRole('heading', { name: 'ESG export finished' })).toBeVisible({ timeout: 60_000 });
  const fileName = (await dialog.getByRole('link', { name: /^Download esg-.*\.xlsx$/ }).getAttribute('download'))!;
  const work = await mkdtemp(join(tmpdir(), 'fs-weights-calc-'));
  try {
    const [book] = await openInCalc([join(dataDir, 'exports', fileName)], EN_US, work);
    expect([...book!.values()].flat(2).filter(isComputed)).toEqual([]);
    const rows = calcRows(book!.get('Analytics')!, ANALYTICS_COLUMNS.length, EN_US);
    expect(rows[0]).toEqual([...ANALYTICS_COLUMNS]);
    return rows;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

test.use({ viewport: { width: 1440, height: 900 } });

test('typed weights: the weighted scores, contributions and active weights on screen equal the plain computation and the workbook LibreOffice opens', async ({ page, app }) => {
  test.setTimeout(300_000);
  const view = await preparePortfolio(page);

  // Analytics: the weighted panel says how the weights are read.
  await view.getByRole('button', { name: 'Analytics', exact: true }).click();
  const analytics = page.getByRole('region', { name: 'Portfolio analytics' });
  const held = TYPED.filter((t) => t !== '' && Number(t) > 0).length;
  await expect(analytics.getByTestId('weighted-about')).toHaveText(`Weights as given for ${held} of 8 companies, scaled to sum to 100%. ${8 - held} without a weight above 0 are not held.`);

  // The benchmark: the other list (equal weights); the tables compare with it.
  await analytics.getByRole('combobox', { name: 'Benchmark' }).selectOption({ label: `${BENCHMARK} (12)` });
  const scores = analytics.getByRole('table', { name: `Weighted-average scores against List “${BENCHMARK}”` });
  await expect(scores).toBeVisible();
  const byCountry = analytics.getByRole('table', { name: /^Active weights by country/ });
  const byDivision = analytics.getByRole('table', { name: /^Active weights by industry division/ });
  await expect(byCountry).toBeVisible();
  await expectNoAxeViolations(page, 'the list’s analytics with weights and a benchmark');

  // On screen: the plain computation from the workspace, as the screen writes numbers.
  const p = plain(await membersOf(page, PORTFOLIO), false);
  const b = plain(await membersOf(page, BENCHMARK), true);
  expect(p.held).toHaveLength(held);
  const shownScores = await tableRows(scores);
  expect(shownScores).toEqual(PARTS.map(([label]) => [label, fmt.score(p.averages.get(label)!.average), fmt.weight(p.averages.get(label)!.coverage), fmt.score(b.averages.get(label)!.average), fmt.weight(b.averages.get(label)!.coverage)]));
  const holdingsTable = analytics.getByRole('table', { name: /^Holdings and their contribution/ });
  const shownHoldings = await tableRows(holdingsTable);
  const overall = p.averages.get('Overall')!.average!;
  const expectedHoldings = [...p.held]
    .sort((x, y) => p.weight.get(y.companyId)! - p.weight.get(x.companyId)! || x.name!.localeCompare(y.name!))
    .map((m) => {
      const c = p.contribution(m);
      return [m.name!, fmt.weight(p.weight.get(m.companyId)!), fmt.score(m.esg.overallScore ?? null), fmt.points(c), fmt.weight(c === null ? null : (c / overall) * 100)];
    });
  expect(shownHoldings).toEqual(expectedHoldings);
  const activeShown = async (table: Locator, pw: Map<string, number>, bw: Map<string, number>) => {
    const rows = await tableRows(table);
    expect(rows).toHaveLength(new Set([...pw.keys(), ...bw.keys()]).size);
    return rows;
  };
  const countryRows = await activeShown(byCountry, p.byCountry, b.byCountry);
  const divisionRows = await activeShown(byDivision, p.byDivision, b.byDivision);

  // The workbook, opened in LibreOffice: each number a number cell that reads as the screen showed it.
  const sheet = await exportedAnalytics(page, view, app.dataDir);
  const cell = (chart: string, panel: string, label: string, column: (typeof ANALYTICS_COLUMNS)[number]) => {
    const row = sheet.find((r) => r[0] === chart && r[1] === panel && r[2] === label);
    expect(row, `${chart} / ${panel} / ${label}`).toBeDefined();
    const v = row![ANALYTICS_COLUMNS.indexOf(column)];
    expect(v === undefined || typeof v === 'number', `${chart} / ${label} / ${column}: ${String(v)}`).toBe(true);
    return (v as number | undefined) ?? null;
  };
  expect(shownScores).toEqual(
    PARTS.map(([label]) => [
      label,
      fmt.score(cell('Weighted average', 'Portfolio', label, 'value')),
      fmt.weight(cell('Coverage by weight %', 'Portfolio', label, 'value')),
      fmt.score(cell('Weighted average', 'Benchmark', label, 'value')),
      fmt.weight(cell('Coverage by weight %', 'Benchmark', label, 'value')),
    ]),
  );
  const sheetHoldings = sheet.filter((r) => r[0] === 'Holdings');
  expect(sheetHoldings.map((r) => r[1])).toEqual(shownHoldings.map((r) => r[0]));
  expect(shownHoldings).toEqual(
    sheetHoldings.map((r) => {
      const [name, id] = [r[1] as string, r[2] as string];
      return [name, fmt.weight(cell('Holdings', name, id, 'weight %')), fmt.score(cell('Holdings', name, id, 'value')), fmt.points(cell('Holdings', name, id, 'contribution')), fmt.weight(cell('Holdings', name, id, 'share of average %'))];
    }),
  );
  for (const [chart, shown, pw, bw] of [
    ['Active weight by country', countryRows, p.byCountry, b.byCountry],
    ['Active weight by industry division', divisionRows, p.byDivision, b.byDivision],
  ] as const) {
    const groups = sheet.filter((r) => r[0] === chart);
    expect(new Set(groups.map((g) => g[2]))).toEqual(new Set([...pw.keys(), ...bw.keys()]));
    // Screen, workbook and the plain computation agree group by group (the screen names the group, the sheet keys it).
    expect(shown).toEqual(
      groups.map((g) => {
        const [label, key] = [g[1] as string, g[2] as string];
        const [wp, wb, wa] = [cell(chart, label, key, 'weight %')!, cell(chart, label, key, 'benchmark weight %')!, cell(chart, label, key, 'active weight %')!];
        expect(wp).toBeCloseTo(pw.get(key) ?? 0, 9);
        expect(wb).toBeCloseTo(bw.get(key) ?? 0, 9);
        expect(wa).toBeCloseTo((pw.get(key) ?? 0) - (bw.get(key) ?? 0), 9);
        return [label, fmt.weight(wp), fmt.weight(wb), fmt.active(wa)];
      }),
    );
  }
});
