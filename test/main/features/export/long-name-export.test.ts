// A list named in a script of three bytes a character exports: the file name is cut by UTF-8 bytes
// (not characters) with room for `.partial` and `.about.json.partial`, in both shells' save paths.
// Before, 78 CJK characters (234 bytes) plus the time and `.csv` made 254 bytes, and the
// `<file>.partial` written first failed with ENAMETOOLONG.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { createWebHostHooks } from '../../../../src/main/shells/web-host/web-host-hooks';
import { FILE_NAME_MAX_BYTES } from '../../../../src/shared/export/file-name';
import type { TableFormat } from '../../../../src/main/platform/tabular/table-file';
import { testWorkspacePort } from '../../../helpers/workspace';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
// 78 characters of CJK text, 3 bytes each in UTF-8: 234 bytes.
const CJK_NAME = '東京証券取引所プライム市場上場の製造業と情報通信業の主要企業一覧（二〇二六年第四四半期版）'.repeat(2).slice(0, 78);
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-long-name-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function listNamed(name: string) {
  const db = testWorkspacePort(dir, () => 'p').forProfile('p');
  const store = new ListStore(db, 'p');
  const { list } = store.createList({
    name,
    companies: [1, 2, 3].map((i) => ({ companyId: `00000000-0000-4000-8000-00000000000${i}`, name: `会社 ${i}`, country: 'JP' })),
  });
  return { store, listId: list.id };
}

/** Exports the list; the clock stands still, so two exports offer the same name. */
async function exportList(list: ReturnType<typeof listNamed>, format: TableFormat, chooseExportPath: (name: string) => Promise<string | null>) {
  const h = harness(null, dir, { chooseExportPath });
  h.deps.now = () => Date.UTC(2026, 10, 28, 12, 0);
  const feature = createExportFeature(h.deps, { lists: { activeStore: () => list.store } });
  const job = await feature.handlers.start({ source: { kind: 'list', listId: list.listId, view: {} }, format, columns: null }, ctx);
  return h.finished(job!.id);
}

describe('a list with a long CJK name exports', () => {
  it(`as CSV with its .about.json beside it, the name accepted as offered in the desktop save dialog`, async () => {
    expect([...CJK_NAME]).toHaveLength(78);
    expect(bytes(CJK_NAME)).toBe(234);
    const out = join(dir, 'downloads');
    await mkdir(out);
    const final = await exportList(listNamed(CJK_NAME), 'csv', async (name) => join(out, name));
    expect(final).toMatchObject({ state: 'done', rows: 3 });
    const files = await readdir(out);
    const csv = files.find((f) => f.endsWith('.csv'))!;
    expect(files.sort()).toEqual([csv, `${csv}.about.json`].sort());
    // The name keeps the list's name as far as it fits, cut between characters, and leaves room for every suffix.
    expect(csv.startsWith(CJK_NAME.slice(0, 40))).toBe(true);
    expect(csv).toMatch(/-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(bytes(`${csv}.about.json.partial`)).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(csv).not.toContain('\uFFFD');
    expect(await readFile(join(out, csv), 'utf8')).toContain('会社 2');
    expect(JSON.parse(await readFile(join(out, `${csv}.about.json`), 'utf8'))).toMatchObject({ file: csv, about: { List: CJK_NAME } });
  });

  it('as XLSX and as JSON in browser mode, whose exports folder adds " (2)" to a name already taken', async () => {
    const hooks = createWebHostHooks(dir, { broadcast: () => {}, registerDownload: () => 'x' });
    const list = listNamed(CJK_NAME);
    for (const format of ['xlsx', 'json', 'json'] as const) {
      const final = await exportList(list, format, (name) => hooks.chooseExportPath(name));
      expect(final, format).toMatchObject({ state: 'done', rows: 3 });
    }
    const files = (await readdir(join(dir, 'exports'))).sort();
    expect(files).toHaveLength(5); // the workbook; two JSON files, each with its .about.json
    expect(files.filter((f) => f.includes(' (2).json'))).toHaveLength(2);
    for (const f of files) expect(bytes(f), f).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES - bytes('.partial'));
  });
});
