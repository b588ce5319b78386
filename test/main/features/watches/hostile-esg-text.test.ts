// Huge hostile ESG text in the inbox (issue 36): news titles of 30 MB are stored once (the title is
// the value, no copy as detail), the inbox page carries at most SHOWN_CHARS of each text (its answer
// stays a few kilobytes), and the export reads every value whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ChangeStore, SHOWN_CHARS } from '../../../../src/main/features/watches/change-store';
import { diffEsgResults, type EsgResultItems } from '../../../../src/main/features/watches/esg-diff';
import { createWorkspace, type Workspace } from '../../../../src/main/platform/workspace/workspace';

const MB = 1024 * 1024;
let ws: Workspace | undefined;
let dir: string | undefined;
afterEach(() => {
  ws?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function inbox() {
  dir = mkdtempSync(join(tmpdir(), 'fs-hostile-inbox-'));
  ws = createWorkspace({ dataDir: dir, notify: () => {} });
  const db = ws.forProfile('p1');
  db.sql.run(`INSERT INTO watches (id, profile_id, name, target_json, schedule_json, score_threshold, created_at, updated_at) VALUES (1, 'p1', 'Portfolio', '{}', '{}', 1, 0, 0)`);
  db.sql.run(`INSERT INTO watch_checks (id, watch_id, trigger, status, started_at, finished_at) VALUES (11, 1, 'manual', 'done', 0, 1)`);
  return { sql: db.sql, changes: new ChangeStore(db.sql, 'p1') };
}

it('stores 30 MB news titles once, pages them cut and exports them whole', () => {
  const titles = [`Plant opens ${'a'.repeat(30 * MB)}`, `Quotes ${'\\"'.repeat(15 * MB)}`];
  const side = (items: Record<string, unknown>[]): EsgResultItems[] => [{ companyId: 'c1', companyName: 'Acme', module: 'news', items }];
  const found = diffEsgResults(side([{ article_id: 'old', title: 'Old' }]), side(titles.map((title, i) => ({ article_id: `n${i}`, title }))), { scoreThreshold: 1 });
  const { sql, changes } = inbox();
  changes.insert(1, 11, found);

  // Stored once: the JSON of each title as the value, no second copy.
  const stored = sql.get<{ values: number; details: number }>(`SELECT sum(length(new_json)) AS "values", sum(length(coalesce(detail, ''))) AS details FROM watch_changes`)!;
  expect(stored).toEqual({ values: titles.reduce((n, t) => n + JSON.stringify(t).length, 0), details: 0 });

  // The page answer is bounded: a few kilobytes for two rows, not 150 MB.
  const page = changes.page({ watchId: 1, unreadOnly: false, offset: 0, limit: 200 });
  expect(JSON.stringify(page).length).toBeLessThan(2 * (SHOWN_CHARS + 500));
  expect(page.rows.map((r) => r.newValue)).toEqual([
    `${titles[0]!.slice(0, SHOWN_CHARS - 1)}…`,
    // Its JSON starts with the quote, "Quotes " and four-character escapes (backslash, quote): 248 fit in 1,000.
    `Quotes ${'\\"'.repeat(248)}…`,
  ]);

  // The export reads each title whole.
  expect([...changes.each(1)].map((c) => (c.newValue as string).length)).toEqual(titles.map((t) => t.length));
}, 120_000); // 120 MB through SQLite and JSON: seconds on a loaded machine, not a bound under test

it('cuts long names, fields, records and a value cut inside an escape, and leaves short ones as they are', () => {
  const { changes } = inbox();
  const long = 'x'.repeat(SHOWN_CHARS * 3);
  const escapes = `${'y'.repeat(SHOWN_CHARS - 4)}\u0001${'z'.repeat(10)}`; // JSON: \u0001 straddles the cut
  changes.insert(1, 11, [
    { kind: 'field', companyId: 'c1', companyName: long, field: long, module: null, oldValue: escapes, newValue: { name: long }, detail: long },
    { kind: 'field', companyId: 'c2', companyName: 'Borealis', field: 'employee_count', module: null, oldValue: 12, newValue: 13, detail: null },
  ]);
  const [cut, short] = changes.page({ watchId: 1, unreadOnly: false, offset: 0, limit: 200 }).rows;
  const ellipsis = `${'x'.repeat(SHOWN_CHARS)}…`;
  expect([cut!.companyName, cut!.field, cut!.detail]).toEqual([ellipsis, ellipsis, ellipsis]);
  expect(cut!.oldValue).toBe(`${'y'.repeat(SHOWN_CHARS - 4)}…`);
  expect(cut!.newValue).toBe(`${JSON.stringify({ name: long }).slice(0, SHOWN_CHARS)}…`);
  expect(short).toMatchObject({ companyName: 'Borealis', field: 'employee_count', oldValue: 12, newValue: 13, detail: null });
});
