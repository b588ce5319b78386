import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ESG_SUMMARY_COLUMNS, ESG_SUMMARY_FIELDS, analyticsSummary, summaryFromRow, summaryValues } from '../../../../src/main/features/esg-runs/summary-fields';
import { migrate } from '../../../../src/main/platform/workspace/migrations';
import { loadSqlite } from '../../../../src/main/platform/workspace/native';
import type { EsgSummary } from '../../../../src/shared/esg-runs/schemas';

const summary: EsgSummary = {
  companyId: 'c1',
  overall: 71.5,
  environmental: 60,
  social: 70,
  governance: 80,
  rating: 'A',
  newsCount: 3,
  commitmentsCount: 2,
  lastRefreshed: 1_700_000_000_000,
  overallChange: -2.5,
  previousRating: 'AA',
};

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('the ESG summary fields', () => {
  it('are the columns the migrations give esg_company_summary, with their types', () => {
    const s = loadSqlite();
    if (!s.ok) throw new Error(`better-sqlite3 must load for this test: ${s.reason}`);
    dir = mkdtempSync(join(tmpdir(), 'firmscope-summary-'));
    const db = new s.Database(join(dir, 'w.sqlite'));
    try {
      migrate(db);
      const columns = db.prepare(`PRAGMA table_info(esg_company_summary)`).all() as Array<{ name: string; type: string }>;
      const byName = Object.fromEntries(columns.map((c) => [c.name, c.type]));
      expect(Object.keys(byName).sort()).toEqual(['company_id', ...ESG_SUMMARY_COLUMNS].sort());
      for (const f of ESG_SUMMARY_FIELDS) expect(byName[f.column], f.column).toBe(f.sqlType);
    } finally {
      db.close();
    }
  });

  it('read a stored row back as the summary it was written from', () => {
    const values = summaryValues(summary);
    expect(values).toEqual([71.5, 60, 70, 80, 'A', -2.5, 'AA', 3, 2, 1_700_000_000_000]);
    const row = Object.fromEntries([['company_id', 'c1'], ...ESG_SUMMARY_COLUMNS.map((c, i) => [c, values[i]])]);
    expect(summaryFromRow(row as Parameters<typeof summaryFromRow>[0])).toEqual(summary);
  });

  it('give the analytics every field but the item counts, null when nothing is stored', () => {
    expect(analyticsSummary(summary)).toEqual({
      overall: 71.5,
      environmental: 60,
      social: 70,
      governance: 80,
      rating: 'A',
      overallChange: -2.5,
      previousRating: 'AA',
      lastRefreshed: 1_700_000_000_000,
    });
    expect(Object.values(analyticsSummary(undefined)).every((v) => v === null)).toBe(true);
    expect(Object.keys(analyticsSummary(undefined))).toHaveLength(8);
  });
});
