// The weighted rows of the ESG workbook's Analytics sheet, as a spreadsheet reads them back (exceljs
// or LibreOffice: a row's cells in ANALYTICS_COLUMNS order, an empty cell undefined), against the
// plain computation of the weighted-analytics test (analytics/weighted-expected.ts): weighted
// averages, coverage by weight, holdings' weights, contributions and shares, active weights. Every
// weighted figure must be a number cell; a text that looks like one fails.
import { expect } from 'vitest';
import { ANALYTICS_COLUMNS } from '../../../../src/main/features/analytics/analytics-sheet';
import { expected } from '../analytics/weighted-expected';
import type { FixtureCompany } from '../analytics/weighted-fixture';

const PARTS = [['overall', 'Overall'], ['environmental', 'Environmental'], ['social', 'Social'], ['governance', 'Governance']] as const;

/** A number cell within 1e-9 of `want`. */
function expectNumber(cell: unknown, want: number, what: string): void {
  expect(typeof cell, `${what}: ${String(cell)}`).toBe('number');
  expect(cell as number, what).toBeCloseTo(want, 9);
}

export function expectWeightedRows(rows: readonly unknown[][], portfolio: readonly FixtureCompany[], benchmark: readonly FixtureCompany[]): void {
  expect(rows[0]).toEqual([...ANALYTICS_COLUMNS]);
  const p = expected(portfolio);
  const b = expected(benchmark);
  const find = (chart: string, panel: string, label: string) => rows.find((r) => r[0] === chart && r[1] === panel && r[2] === label)!;

  for (const [part, label] of PARTS) {
    const avg = find('Weighted average', 'Portfolio', label);
    expect(avg[3]).toBe(p.averages[part]!.companies);
    expectNumber(avg[4], p.averages[part]!.average, `weighted average ${label}`);
    expectNumber(find('Coverage by weight %', 'Portfolio', label)[4], p.averages[part]!.coverage, `coverage ${label}`);
    expectNumber(find('Weighted average', 'Benchmark', label)[4], b.averages[part]!.average, `benchmark average ${label}`);
    expectNumber(find('Coverage by weight %', 'Benchmark', label)[4], b.averages[part]!.coverage, `benchmark coverage ${label}`);
  }

  const holdings = rows.filter((r) => r[0] === 'Holdings');
  expect(holdings).toHaveLength(p.held.length);
  expect(new Set(holdings.map((h) => h[2]))).toEqual(new Set(p.held.map((c) => c.id)));
  for (const h of holdings) {
    const id = h[2] as string;
    expect(h[1]).toBe(p.held.find((c) => c.id === id)!.name);
    expectNumber(h[7], p.weight.get(id)!, `weight of ${id}`);
    const c = p.contribution.get(id);
    if (c === undefined) expect(h[10]).toBeUndefined();
    else {
      expectNumber(h[10], c, `contribution of ${id}`);
      expectNumber(h[11], (c / p.averages.overall!.average) * 100, `share of ${id}`);
    }
  }

  const activeBy = (chart: string, of: (x: ReturnType<typeof expected>) => Map<string, number>) => {
    const groups = rows.filter((r) => r[0] === chart);
    expect(new Set(groups.map((g) => g[2]))).toEqual(new Set([...of(p).keys(), ...of(b).keys()]));
    for (const g of groups) {
      const key = g[2] as string;
      expectNumber(g[7], of(p).get(key) ?? 0, `${chart} ${key}: weight`);
      expectNumber(g[8], of(b).get(key) ?? 0, `${chart} ${key}: benchmark weight`);
      expectNumber(g[9], (of(p).get(key) ?? 0) - (of(b).get(key) ?? 0), `${chart} ${key}: active weight`);
    }
    return groups.length;
  };
  expect(activeBy('Active weight by country', (x) => x.byCountry)).toBeGreaterThan(3);
  expect(activeBy('Active weight by industry division', (x) => x.byDivision)).toBeGreaterThan(3);
}
