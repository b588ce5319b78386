// Bulk match jobs in the workspace database (real SQLite files): the migration up from the schema
// before it keeps what was there, and a job, its rows, results and decisions read back as written.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../../../src/main/platform/workspace/migrations';
import { createSql } from '../../../../src/main/platform/workspace/sql';
import { BulkJobStore, type StoredBulkJob } from '../../../../src/main/features/match/job-store';
import type { BulkRowState } from '../../../../src/main/features/match/bulk-job';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { openAt, sqlite, tempWorkspaceDir } from '../../platform/workspace/helpers';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
function temp() {
  const t = tempWorkspaceDir();
  cleanups.push(t.cleanup);
  return t;
}

const job = (over: Partial<StoredBulkJob> = {}): StoredBulkJob => ({
  id: 'job-1',
  profileId: 'p',
  fileName: 'firms.csv',
  headers: ['ref', 'Firm', 'Land'],
  mapping: { name: 'Firm', country: 'Land' },
  encoding: 'windows-1252',
  keyColumn: 'ref',
  template: null,
  concurrency: 4,
  threshold: 0.8,
  state: 'running',
  readDone: false,
  sourcePath: '/data/match-sources/job-1.csv',
  startedAt: 1_700_000_000_000,
  ...over,
});

const choice = (id: string, confidence: number) => ({ companyId: id, confidence, name: `Name ${id}`, country: 'DE' });
const rows = (): [BulkRowState, BulkRowState, BulkRowState, BulkRowState] => [
  { line: 2, input: { name: 'Acme', country: 'DE' }, values: ['R1', 'Acme', 'DE'], state: 'pending' },
  { line: 3, input: {}, values: ['R2', '', 'FR'], state: 'invalid', error: { code: 'invalid_input', message: 'Line 3: Company name is required.', retryable: false, details: { line: 3, field: 'name' } } },
  { line: 5, input: { name: 'Beta' }, values: ['R3', 'Beta', ''], state: 'pending' },
  { line: 6, input: { name: 'Acme', country: 'DE' }, values: ['R1', 'ACME', 'DE'], state: 'pending', duplicateOf: 2 },
];

describe('migration "bulk match jobs"', () => {
  it('comes after every earlier migration and keeps the data of the schema before it', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const index = MIGRATIONS.findIndex((m) => m.name === 'bulk match jobs');
    expect(index).toBeGreaterThan(MIGRATIONS.findIndex((m) => m.name === 'esg runs'));
    // A database as the previous version left it, with a list in it.
    const old = new (sqlite())(t.file);
    migrate(old, index);
    expect(old.pragma('user_version', { simple: true })).toBe(index);
    createSql(old).run(`INSERT INTO lists (profile_id, name, created_at, updated_at) VALUES ('p', 'Portfolio', 1, 1)`);
    expect(() => old.prepare('SELECT * FROM match_jobs').all()).toThrow(/no such table/);
    old.close();

    const db = openAt(t.file);
    try {
      expect(db.raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(new ListStore(db, 'p').all().map((l) => l.name)).toEqual(['Portfolio']);
      const store = new BulkJobStore(db);
      expect(store.jobs('p')).toEqual([]);
      store.createJob(job());
      expect(store.count('p')).toBe(1);
    } finally {
      db.close();
    }
  });
});

describe('migration "bulk match encoding and repeated rows"', () => {
  it('keeps the jobs stored before it: read as UTF-8, no key column, no row flagged', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const index = MIGRATIONS.findIndex((m) => m.name === 'bulk match encoding and repeated rows');
    expect(index).toBeGreaterThan(MIGRATIONS.findIndex((m) => m.name === 'bulk match jobs'));
    const old = new (sqlite())(t.file);
    migrate(old, index);
    const sql = createSql(old);
    sql.run(`INSERT INTO match_jobs (id, profile_id, file_name, headers_json, mapping_json, template, concurrency, threshold, state, read_done, source_path, created_at)
             VALUES ('old', 'p', 'old.csv', '["ref","Firm"]', '{"name":"Firm"}', NULL, 4, 0.8, 'running', 0, '/data/old.csv', 1)`);
    sql.run(`INSERT INTO match_job_rows (job_id, line, input_json, values_json, state) VALUES ('old', 2, '{"name":"Acme"}', '["R1","Acme"]', 'pending')`);
    old.close();

    const db = openAt(t.file);
    try {
      const store = new BulkJobStore(db);
      const [j] = store.jobs('p');
      expect(j).toMatchObject({ id: 'old', encoding: 'utf-8', keyColumn: null });
      expect(store.rows('old')).toEqual([{ line: 2, input: { name: 'Acme' }, values: ['R1', 'Acme'], state: 'pending' }]);
    } finally {
      db.close();
    }
  });
});

describe('BulkJobStore', () => {
  it('reads a job, its rows, results and decisions back as written, across a reopen', () => {
    const t = temp();
    const db = openAt(t.file);
    const store = new BulkJobStore(db);
    store.createJob(job());
    store.createJob(job({ id: 'other-profile', profileId: 'q' }));
    const [acme, invalid, beta, again1] = rows();
    store.saveRows('job-1', [acme, invalid, beta, again1].map((row) => ({ row, isNew: true })));
    // Results arrive, the analyst picks the second candidate for Acme, the job finishes.
    acme.state = 'matched';
    acme.best = { confidence: 0.7, company: { company_id: 'a1', name: 'Acme GmbH', employees: 12 } };
    acme.candidates = 3;
    acme.choices = [choice('a1', 0.7), choice('a2', 0.6)];
    acme.manual = { kind: 'picked', companyId: 'a2' };
    beta.state = 'matched';
    beta.best = { confidence: 0.9, company: { company_id: 'b1' } };
    beta.choices = [choice('b1', 0.9)];
    beta.manual = { kind: 'rejected' };
    store.saveRows('job-1', [acme, beta].map((row) => ({ row, isNew: false })));
    store.updateJob({ ...job(), headers: ['ref', 'Firm', 'Land'], threshold: 0.65, state: 'done', readDone: true, finishedAt: 1_700_000_050_000 });
    store.clearSource('job-1');
    db.close();

    const again = openAt(t.file);
    try {
      const s = new BulkJobStore(again);
      expect(s.jobs('p')).toEqual([{ ...job(), threshold: 0.65, state: 'done', readDone: true, sourcePath: null, finishedAt: 1_700_000_050_000 }]);
      expect(s.rows('job-1')).toEqual([acme, invalid, beta, again1]);
      // Back to the threshold's decision: no decision stored.
      beta.manual = undefined;
      s.saveRows('job-1', [{ row: beta, isNew: false }]);
      expect(s.rows('job-1')[2]).not.toHaveProperty('manual');
      // Deleting a job deletes its rows, and only its own.
      s.deleteJob('job-1');
      expect(s.jobs('p')).toEqual([]);
      expect(again.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM match_job_rows')!.n).toBe(0);
      expect(s.jobs('q').map((j) => j.id)).toEqual(['other-profile']);
    } finally {
      again.close();
    }
  });

  it('keeps a key column not known yet (the header is not read) apart from "no key column"', () => {
    const t = temp();
    const db = openAt(t.file);
    try {
      const store = new BulkJobStore(db);
      const { keyColumn: _omitted, ...unknown } = job();
      store.createJob(unknown);
      expect(store.jobs('p')[0]).not.toHaveProperty('keyColumn');
      store.updateJob({ ...unknown, keyColumn: null });
      expect(store.jobs('p')[0]).toMatchObject({ keyColumn: null });
    } finally {
      db.close();
    }
  });

  it('writes a row once even when it is saved again as new (a resumed read never duplicates a line)', () => {
    const t = temp();
    const db = openAt(t.file);
    try {
      const store = new BulkJobStore(db);
      store.createJob(job());
      const [acme] = rows();
      store.saveRows('job-1', [{ row: acme, isNew: true }]);
      store.saveRows('job-1', [{ row: { ...acme, state: 'no_match' }, isNew: true }]);
      expect(store.rows('job-1')).toEqual([{ ...acme, state: 'no_match' }]);
    } finally {
      db.close();
    }
  });
});
