// Data access for loaded result sets (snapshots): create, append pages, finish, read a sorted,
// filtered page, count facets. Rows keep the service's order (`seq`); sorting and filtering use
// the value rows and the text index written beside each row (row-values.ts).
import type { Statement } from 'better-sqlite3';
import type { WorkspaceDb } from '../../platform/workspace/db';
import { FACETS } from './facets';
import { viewCondition, viewRowsSelect } from './view-query';
import type { FacetCount, FacetId, SnapshotInfo, SnapshotStatus, SnapshotView } from '../../../shared/snapshots/snapshot';
import { prepareRow, type PreparedRow } from '../../platform/workspace/row-values';

export { ftsQuery } from './view-query';

interface SnapshotRow {
  id: number;
  profile_id: string;
  query_json: string;
  page_size: number;
  row_cap: number;
  service_count: number | null;
  row_count: number;
  status: SnapshotStatus;
  error: string | null;
  started_at: number;
  finished_at: number | null;
  owner: string | null;
}

const toInfo = (r: SnapshotRow): SnapshotInfo => ({
  id: r.id,
  profileId: r.profile_id,
  query: JSON.parse(r.query_json),
  pageSize: r.page_size,
  rowCap: r.row_cap,
  serviceCount: r.service_count,
  rowCount: r.row_count,
  status: r.status,
  error: r.error,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export class SnapshotStore {
  private readonly insertRow: Statement;
  private readonly insertValue: Statement;
  private readonly insertText: Statement;

  /** Which view's rows temp.view_rows holds (snapshot id + narrowing); cleared by every write. */
  private viewRowsKey: string | null = null;
  /**
   * Facet counts already computed, by snapshot, facet and narrowing; cleared by every write. A count
   * over 1,000,000 rows takes 0.6-1 s (GROUP BY sorts every key), and a click on a facet asks again
   * for the counts of that facet without its own choice, i.e. those shown before the click.
   */
  private readonly counted = new Map<string, FacetCount[]>();

  constructor(private readonly db: WorkspaceDb) {
    // Per connection, never in the file: the rows of the narrowed view being read, computed once per view.
    db.raw.exec('CREATE TEMP TABLE IF NOT EXISTS view_rows (id INTEGER PRIMARY KEY)');
    this.insertRow = db.raw.prepare('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (?, ?, ?, ?)');
    this.insertValue = db.raw.prepare('INSERT INTO snapshot_values (snapshot_id, field, row_id, num, txt) VALUES (?, ?, ?, ?, ?)');
    this.insertText = db.raw.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
  }

  /** Another connection (the load-all writer thread) wrote rows: the cached view rows may be stale. */
  forgetView(): void {
    this.viewRowsKey = null;
    this.counted.clear();
  }

  /**
   * `owner`: another feature that keeps this snapshot for itself (a watch's check, 'watch:<id>'): it is
   * never listed, replaced by a refresh or swept by the Search screen's snapshot list; the owner removes it. Absent = that list's.
   */
  create(o: { profileId: string; query: unknown; pageSize: number; rowCap: number; startedAt: number; owner?: string }): SnapshotInfo {
    const { lastInsertRowid } = this.db.sql.run(
      `INSERT INTO snapshots (profile_id, query_json, page_size, row_cap, status, started_at, owner) VALUES (?, ?, ?, ?, 'loading', ?, ?)`,
      [o.profileId, JSON.stringify(o.query), o.pageSize, o.rowCap, o.startedAt, o.owner ?? null],
    );
    return this.get(lastInsertRowid)!;
  }

  /** Appends one page in one transaction; returns the snapshot's row count after it. */
  append(snapshotId: number, records: ReadonlyArray<Record<string, unknown>>, serviceCount?: number): number {
    return this.appendPrepared(snapshotId, records.map(prepareRow), serviceCount);
  }

  /** append() of rows already prepared (the writer thread gets them so, see page-writer.ts). */
  appendPrepared(snapshotId: number, rows: ReadonlyArray<PreparedRow>, serviceCount?: number): number {
    this.forgetView();
    return this.db.sql.tx(() => {
      const before = this.db.sql.get<{ row_count: number }>('SELECT row_count FROM snapshots WHERE id = ?', [snapshotId]);
      if (!before) throw new Error(`snapshot ${snapshotId} does not exist`);
      let seq = before.row_count;
      for (const row of rows) {
        const id = Number(this.insertRow.run(snapshotId, seq++, row.companyId, row.json).lastInsertRowid);
        const c = row.cells;
        for (let i = 0; i < c.length; i += 3) this.insertValue.run(snapshotId, c[i], id, c[i + 1], c[i + 2]);
        this.insertText.run(id, ...row.text);
      }
      this.db.sql.run('UPDATE snapshots SET row_count = ?, service_count = coalesce(?, service_count) WHERE id = ?', [seq, serviceCount ?? null, snapshotId]);
      return seq;
    });
  }

  finish(snapshotId: number, o: { status: Exclude<SnapshotStatus, 'loading'>; finishedAt: number; error?: string }): SnapshotInfo {
    this.db.sql.run('UPDATE snapshots SET status = ?, finished_at = ?, error = ? WHERE id = ?', [o.status, o.finishedAt, o.error ?? null, snapshotId]);
    return this.get(snapshotId)!;
  }

  get(snapshotId: number): SnapshotInfo | null {
    const r = this.db.sql.get<SnapshotRow>('SELECT * FROM snapshots WHERE id = ?', [snapshotId]);
    return r ? toInfo(r) : null;
  }

  list(profileId: string): SnapshotInfo[] {
    return this.db.sql.all<SnapshotRow>('SELECT * FROM snapshots WHERE profile_id = ? AND owner IS NULL ORDER BY started_at DESC, id DESC', [profileId]).map(toInfo);
  }

  /** Snapshots another feature keeps for itself (see create), oldest first. */
  ownedBy(owner: string): SnapshotInfo[] {
    return this.db.sql.all<SnapshotRow>('SELECT * FROM snapshots WHERE owner = ? ORDER BY id', [owner]).map(toInfo);
  }

  /**
   * The rows of two snapshots paired by company id, only where they differ: a company in both whose
   * record text differs (before and after), in the previous one only (after: null) or in the next
   * one only (before: null); in no particular order. A company id a snapshot repeats counts once
   * (its first row). SQLite pairs the rows through the index by company (migration 12), so a diff
   * of two 100,000-row snapshots reads the few thousand rows that differ, not 200,000 (bench/watch-diff.ts).
   */
  differingRows(previousId: number, nextId: number): IterableIterator<{ companyId: string; before: string | null; after: string | null }> {
    // Skipping the later rows of an id costs a probe per row: only asked of a snapshot that has them
    // (a result set that shifted during its load), found by one pass over its part of the index.
    const repeats = (id: number) =>
      this.db.sql.get<{ some: number }>('SELECT EXISTS (SELECT 1 FROM snapshot_rows WHERE snapshot_id = ? GROUP BY company_id HAVING count(*) > 1) AS some', [id])!.some === 1;
    const first = (id: number, r: string) =>
      repeats(id) ? ` AND NOT EXISTS (SELECT 1 FROM snapshot_rows d WHERE d.snapshot_id = ${r}.snapshot_id AND d.company_id = ${r}.company_id AND d.seq < ${r}.seq)` : '';
    const firstPrevious = first(previousId, 'a');
    const firstNext = first(nextId, 'b');
    // Changed and left: the previous rows in order, each probing its partner. Entered: the next
    // snapshot's part of the index probing the previous one's; only the rows found are read whole.
    return this.db.sql.iterate(
      `SELECT a.company_id AS companyId, a.record_json AS before, b.record_json AS after FROM snapshot_rows a
         LEFT JOIN snapshot_rows b ON b.snapshot_id = @nextId AND b.company_id = a.company_id${firstNext}
         WHERE a.snapshot_id = @previousId${firstPrevious} AND (b.id IS NULL OR a.record_json <> b.record_json)
       UNION ALL
       SELECT r.company_id, NULL, r.record_json FROM snapshot_rows r WHERE r.id IN (
         SELECT b.id FROM snapshot_rows b WHERE b.snapshot_id = @nextId${firstNext}
           AND NOT EXISTS (SELECT 1 FROM snapshot_rows a WHERE a.snapshot_id = @previousId AND a.company_id = b.company_id))`,
      { previousId, nextId },
    );
  }

  delete(snapshotId: number): void {
    this.forgetView();
    this.db.sql.tx(() => {
      // The text index is contentless: its entries go by rowid, before the rows they point at. The
      // value rows have no foreign key (migration 7): they go as one key range.
      this.db.sql.run('DELETE FROM snapshot_fts WHERE rowid IN (SELECT id FROM snapshot_rows WHERE snapshot_id = ?)', [snapshotId]);
      this.db.sql.run('DELETE FROM snapshot_values WHERE snapshot_id = ?', [snapshotId]);
      this.db.sql.run('DELETE FROM snapshots WHERE id = ?', [snapshotId]);
    });
  }

  /**
   * Snapshots left 'loading' by a load that ended without finishing (app closed mid-load, or the
   * database refused to remove a failed load's rows): removed, except the loads in `running` and
   * those another feature owns (it sweeps its own).
   */
  sweepInterrupted(running: ReadonlySet<number> = new Set()): number {
    const stale = this.db.sql.column<number>(`SELECT id FROM snapshots WHERE status = 'loading' AND owner IS NULL`).filter((id) => !running.has(id));
    for (const id of stale) this.delete(id);
    return stale.length;
  }

  /** Older snapshots of the same profile and query (a refresh replaces them). */
  olderOfSameQuery(snapshotId: number): number[] {
    return this.db.sql.column<number>(
      `SELECT o.id FROM snapshots s JOIN snapshots o ON o.profile_id = s.profile_id AND o.query_json = s.query_json AND o.id <> s.id AND o.owner IS s.owner
       WHERE s.id = ? AND o.status <> 'loading'`,
      [snapshotId],
    );
  }

  /** Distinct values of one field, most frequent first (suggestions for a condition's value). */
  values(snapshotId: number, field: string, prefix = '', top = 50): FacetCount[] {
    return this.db.sql
      .all<{ k: string | number; n: number }>(
        `SELECT coalesce(v.txt, v.num) AS k, count(*) AS n FROM snapshot_values v
         WHERE v.snapshot_id = @snapshotId AND v.field = @field AND (@prefix = '' OR coalesce(v.txt, CAST(v.num AS TEXT)) LIKE @like ESCAPE '\\')
         GROUP BY k ORDER BY n DESC, k LIMIT @top`,
        { snapshotId, field, prefix, like: prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%', top },
      )
      .map((r) => ({ key: r.k, count: r.n }));
  }

  /** Distinct texts or numbers of one field, for conditions that must name values (facet-conditions.ts). */
  distinct(snapshotId: number, field: string, kind: 'txt' | 'num'): Array<string | number> {
    const col = kind === 'txt' ? 'v.txt' : 'v.num';
    return this.db.sql.column<string | number>(
      `SELECT DISTINCT ${col} FROM snapshot_values v WHERE v.snapshot_id = @snapshotId AND v.field = @field AND ${col} IS NOT NULL`,
      { snapshotId, field },
    );
  }

  /** One page of the snapshot as the view shows it, and how many rows the view holds. */
  page(snapshotId: number, view: SnapshotView, offset: number, limit: number): { total: number; records: Record<string, unknown>[] } {
    const rowsOf = this.narrow(snapshotId, view, 'r.id');
    const where = `r.snapshot_id = @snapshotId${rowsOf.where}`;
    // A narrowed view's rows are exactly temp.view_rows: counted there instead of probed row by row.
    const total = rowsOf.where
      ? this.db.sql.get<{ n: number }>('SELECT count(*) AS n FROM temp.view_rows')!.n
      : this.db.sql.get<{ n: number }>(`SELECT count(*) AS n FROM snapshot_rows r WHERE ${where}`, rowsOf.params)!.n;
    const ids = view.sort ? this.sortedIds(snapshotId, view, total, offset, limit) : this.db.sql.column<number>(
      `SELECT r.id FROM snapshot_rows r WHERE ${where} ORDER BY r.seq LIMIT @limit OFFSET @offset`,
      { ...rowsOf.params, limit, offset },
    );
    const records = ids.map((id) => {
      const [json] = this.db.sql.column<string>('SELECT record_json FROM snapshot_rows WHERE id = ?', [id]);
      if (json === undefined) throw new Error(`Snapshot row ${id} is gone (read while its snapshot was deleted?)`);
      return JSON.parse(json) as Record<string, unknown>;
    });
    return { total, records };
  }

  /**
   * Row ids of one sorted page. The order has three runs: numbers (then their text), texts, both
   * read from the field's key range, and rows with no value for the field (empty cells: last in
   * both directions). Within a run the service order breaks ties (row ids grow with `seq`: rows are
   * inserted in order). A later page counts the runs first (one pass) to query only the run(s) it
   * falls in; the first page (what a sort or facet click waits for) just reads the runs in turn.
   */
  private sortedIds(snapshotId: number, view: SnapshotView, total: number, offset: number, limit: number): number[] {
    const sort = view.sort!;
    const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
    const vals = this.narrow(snapshotId, view, 'v.row_id');
    const rows = this.narrow(snapshotId, view, 'r.id');
    const p = { ...vals.params, sortField: sort.field };
    const inField = `v.snapshot_id = @snapshotId AND v.field = @sortField${vals.where}`;
    const runs = [
      `SELECT v.row_id FROM snapshot_values v WHERE ${inField} AND v.num IS NOT NULL ORDER BY v.num ${dir}, v.txt COLLATE NOCASE ${dir}, v.row_id`,
      `SELECT v.row_id FROM snapshot_values v WHERE ${inField} AND v.num IS NULL ORDER BY v.txt COLLATE NOCASE ${dir}, v.row_id`,
      `SELECT r.id FROM snapshot_rows r WHERE r.snapshot_id = @snapshotId${rows.where}
          AND NOT EXISTS (SELECT 1 FROM snapshot_values v WHERE v.snapshot_id = @snapshotId AND v.field = @sortField AND v.row_id = r.id) ORDER BY r.seq`,
    ];
    const ids: number[] = [];
    if (offset === 0) {
      for (const run of runs) {
        if (ids.length >= limit) break;
        ids.push(...this.db.sql.column<number>(`${run} LIMIT @limit`, { ...p, limit: limit - ids.length }));
      }
      return ids;
    }
    // Both runs counted in one pass over the field's range (count(num) skips the texts' NULLs).
    const { numbers, texts } = this.db.sql.get<{ numbers: number; texts: number }>(
      `SELECT count(v.num) AS numbers, count(*) - count(v.num) AS texts FROM snapshot_values v WHERE ${inField}`,
      p,
    )!;
    const sizes = [numbers, texts, total - numbers - texts];
    let skip = offset;
    let want = limit;
    for (const [i, run] of runs.entries()) {
      if (want <= 0) break;
      const size = sizes[i]!; // one size per run
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const take = Math.min(want, size - skip);
      ids.push(...this.db.sql.column<number>(`${run} LIMIT @limit OFFSET @offset`, { ...p, limit: take, offset: skip }));
      want -= take;
      skip = 0;
    }
    return ids;
  }

  /** Counts per key of one facet over the view, ignoring that facet's own choices (so siblings stay visible). */
  facetCounts(snapshotId: number, facet: FacetId, view: SnapshotView, top = 50): FacetCount[] {
    const def = FACETS[facet];
    const { [facet]: _own, ...others } = view.facets ?? {};
    const narrowing = viewCondition(snapshotId, { text: view.text, facets: others }, 'r.id');
    const key = JSON.stringify([snapshotId, facet, top, narrowing.where, narrowing.params]);
    const known = this.counted.get(key);
    if (known) return known;
    const { where, params } = this.narrow(snapshotId, { ...view, facets: others }, 'v.row_id');
    const order = def.order === 'count' ? 'n DESC, k' : 'k';
    const counts = this.db.sql
      .all<{ k: string | number; n: number }>(
        `SELECT ${def.key} AS k, count(*) AS n FROM snapshot_values v
         WHERE v.snapshot_id = @snapshotId AND v.field = @facetField${where} AND k IS NOT NULL GROUP BY k ORDER BY ${order} LIMIT @top`,
        { ...params, facetField: def.field, top },
      )
      .map((r) => ({ key: r.k, count: r.n }));
    // A handful of views' worth (7 facets each); the oldest goes first.
    if (this.counted.size >= 70) this.counted.delete(this.counted.keys().next().value!);
    this.counted.set(key, counts);
    return counts;
  }

  /**
   * The view's text and facet choices as one condition on `rowId`: a narrowed view's rows are
   * computed once into temp.view_rows and every query of the request (counts, sorted runs, each
   * facet) reads that set, instead of evaluating the facet and text subqueries again in each.
   */
  private narrow(snapshotId: number, view: SnapshotView, rowId: string): { where: string; params: Record<string, unknown> } {
    const f = viewCondition(snapshotId, view, 'r.id');
    if (!f.where) return f;
    const key = JSON.stringify([snapshotId, f.where, f.params]);
    if (this.viewRowsKey !== key) {
      this.db.sql.run('DELETE FROM temp.view_rows');
      const rows = viewRowsSelect(snapshotId, view);
      this.db.sql.run(`INSERT INTO temp.view_rows ${rows.sql}`, rows.params);
      this.viewRowsKey = key;
    }
    return { where: ` AND ${rowId} IN temp.view_rows`, params: { snapshotId } };
  }
}
