// The workspace database's schema history: one migration per version, in order. Append new ones at
// the end and never edit one that has shipped (a database created by it exists on analysts'
// machines). They are run by migrations.ts.
import type { Database } from 'better-sqlite3';
import { indexRow } from './row-values';

export interface Migration {
  name: string;
  up(db: Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // 1: loaded result sets ("snapshots"), one row per company in the service's order.
    name: 'snapshots',
    up(db) {
      db.exec(`
        CREATE TABLE snapshots (
          id INTEGER PRIMARY KEY,
          profile_id TEXT NOT NULL,
          query_json TEXT NOT NULL,
          page_size INTEGER NOT NULL,
          row_cap INTEGER NOT NULL,
          service_count INTEGER,
          row_count INTEGER NOT NULL DEFAULT 0,
          status TEXT NOT NULL CHECK (status IN ('loading', 'complete', 'capped', 'cancelled', 'failed')),
          error TEXT,
          started_at INTEGER NOT NULL,
          finished_at INTEGER
        );
        CREATE TABLE snapshot_rows (
          id INTEGER PRIMARY KEY,
          snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          company_id TEXT NOT NULL,
          record_json TEXT NOT NULL,
          UNIQUE (snapshot_id, seq)
        );
      `);
    },
  },
  {
    // 2: sortable/facetable values per cell and a full-text index (name, city, domain, industry).
    // Rows loaded under version 1 are indexed here, so an old snapshot sorts like a new one.
    name: 'snapshot values and text index',
    up(db) {
      db.exec(`
        CREATE TABLE snapshot_values (
          row_id INTEGER NOT NULL REFERENCES snapshot_rows(id) ON DELETE CASCADE,
          field TEXT NOT NULL,
          num REAL,
          txt TEXT,
          PRIMARY KEY (row_id, field)
        ) WITHOUT ROWID;
        CREATE VIRTUAL TABLE snapshot_fts USING fts5(name, city, domain, industry, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
      `);
      const insertValue = db.prepare('INSERT INTO snapshot_values (row_id, field, num, txt) VALUES (?, ?, ?, ?)');
      const insertText = db.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
      const rows = db.prepare('SELECT id, record_json FROM snapshot_rows').iterate() as IterableIterator<{ id: number; record_json: string }>;
      // Collected first: better-sqlite3 does not allow writes while a read statement is iterating.
      const all = [...rows];
      for (const r of all) indexRow(r.id, JSON.parse(r.record_json) as Record<string, unknown>, insertValue, insertText);
    },
  },
  {
    // 3: the snapshot id beside each value row, and a covering index over (snapshot, field): a sort
    // or a facet reads one contiguous index range instead of looking up every row of the snapshot.
    // row_id comes before the values so a loading snapshot appends to the end of each field's range
    // (an index ordered by value takes random inserts: 5x slower loads, measured). Existing value
    // rows get their snapshot id here.
    name: 'snapshot values indexed per snapshot and field',
    up(db) {
      db.exec(`
        ALTER TABLE snapshot_values ADD COLUMN snapshot_id INTEGER NOT NULL DEFAULT 0;
        UPDATE snapshot_values SET snapshot_id = (SELECT r.snapshot_id FROM snapshot_rows r WHERE r.id = snapshot_values.row_id);
        CREATE INDEX snapshot_values_by_field ON snapshot_values (snapshot_id, field, row_id, num, txt);
      `);
    },
  },
  {
    // 4: named company lists per profile (src/main/features/lists). A company is in a list at most once and can
    // be in several lists; a member keeps the search record it joined with (null for a pasted id the
    // service did not return). `esg_summary` is the ESG-runs contract: empty here, replaced by the
    // ESG-runs migration with a view over its stored results (columns: src/main/features/lists/esg-summary.ts).
    name: 'lists',
    up(db) {
      db.exec(`
        CREATE TABLE lists (
          id INTEGER PRIMARY KEY,
          profile_id TEXT NOT NULL,
          name TEXT NOT NULL COLLATE NOCASE,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (profile_id, name)
        );
        CREATE TABLE list_members (
          list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
          company_id TEXT NOT NULL,
          name TEXT,
          country TEXT,
          added_at INTEGER NOT NULL,
          record_json TEXT,
          PRIMARY KEY (list_id, company_id)
        );
        CREATE INDEX list_members_company ON list_members (company_id);
        CREATE VIEW esg_summary AS SELECT
          CAST(NULL AS TEXT) AS company_id,
          CAST(NULL AS REAL) AS overall_score, CAST(NULL AS TEXT) AS overall_rating,
          CAST(NULL AS REAL) AS environmental_score, CAST(NULL AS TEXT) AS environmental_rating,
          CAST(NULL AS REAL) AS social_score, CAST(NULL AS TEXT) AS social_rating,
          CAST(NULL AS REAL) AS governance_score, CAST(NULL AS TEXT) AS governance_rating,
          CAST(NULL AS INTEGER) AS news_count, CAST(NULL AS INTEGER) AS commitments_count,
          CAST(NULL AS INTEGER) AS refreshed_at, CAST(NULL AS REAL) AS overall_change
        WHERE 0;
      `);
    },
  },
  {
    // 5: ESG runs (issue 18): a run for many companies, one task per company x module, and every
    // fetched module result kept (history, change since previous). esg_company_summary holds the
    // list-view ESG columns per company, kept current by src/main/features/esg-runs/company-summary.ts, so list
    // queries can join and sort on them. list_id has no foreign key: lists may be deleted, runs stay.
    // esg_company_summary's columns are the ESG summary fields (features/esg-runs/summary-fields.ts,
    // ESG_SUMMARY_FIELDS), written out as they were when this migration shipped: a migration never
    // changes for existing databases (the platform floor may not import a feature either).
    // test/main/features/esg-runs/summary-fields.test.ts keeps the two the same.
    name: 'esg runs',
    up(db) {
      db.exec(`
        CREATE TABLE esg_runs (
          id INTEGER PRIMARY KEY,
          profile_id TEXT NOT NULL,
          label TEXT NOT NULL,
          list_id INTEGER,
          modules_json TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('running', 'paused', 'cancelled', 'finished')),
          created_at INTEGER NOT NULL,
          finished_at INTEGER
        );
        CREATE INDEX esg_runs_profile ON esg_runs(profile_id, created_at DESC);
        CREATE INDEX esg_runs_list ON esg_runs(list_id) WHERE list_id IS NOT NULL;
        CREATE TABLE esg_run_tasks (
          id INTEGER PRIMARY KEY,
          run_id INTEGER NOT NULL REFERENCES esg_runs(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          company_id TEXT NOT NULL,
          company_name TEXT,
          module TEXT NOT NULL CHECK (module IN ('news', 'commitments', 'scores')),
          state TEXT NOT NULL CHECK (state IN ('queued', 'requesting', 'processing', 'complete', 'not_found', 'failed', 'no_access', 'cancelled')),
          session_id TEXT,
          progress_count INTEGER,
          progress_unit TEXT NOT NULL,
          error_json TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          resubmitted INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          started_at INTEGER,
          updated_at INTEGER NOT NULL,
          finished_at INTEGER,
          UNIQUE (run_id, company_id, module)
        );
        CREATE INDEX esg_run_tasks_state ON esg_run_tasks(run_id, state);
        CREATE INDEX esg_run_tasks_board ON esg_run_tasks(run_id, seq);
        CREATE TABLE esg_results (
          id INTEGER PRIMARY KEY,
          company_id TEXT NOT NULL,
          company_name TEXT,
          module TEXT NOT NULL CHECK (module IN ('news', 'commitments', 'scores')),
          fetched_at INTEGER NOT NULL,
          run_id INTEGER REFERENCES esg_runs(id) ON DELETE SET NULL,
          item_count INTEGER NOT NULL,
          data_json TEXT NOT NULL
        );
        CREATE INDEX esg_results_company ON esg_results(company_id, module, fetched_at DESC, id DESC);
        CREATE INDEX esg_results_run ON esg_results(run_id);
        CREATE TABLE esg_company_summary (
          company_id TEXT PRIMARY KEY,
          overall REAL,
          environmental REAL,
          social REAL,
          governance REAL,
          rating TEXT,
          news_count INTEGER,
          commitments_count INTEGER,
          last_refreshed INTEGER,
          overall_change REAL,
          previous_rating TEXT
        ) WITHOUT ROWID;
        -- The list view's ESG columns (src/main/features/lists/esg-summary.ts) read this view; the service
        -- gives one rating, so the pillar ratings stay empty.
        DROP VIEW esg_summary;
        CREATE VIEW esg_summary AS SELECT
          lower(company_id) AS company_id,
          overall AS overall_score, rating AS overall_rating,
          environmental AS environmental_score, CAST(NULL AS TEXT) AS environmental_rating,
          social AS social_score, CAST(NULL AS TEXT) AS social_rating,
          governance AS governance_score, CAST(NULL AS TEXT) AS governance_rating,
          news_count, commitments_count,
          last_refreshed AS refreshed_at, overall_change
        FROM esg_company_summary;
      `);
    },
  },
  {
    // 6: bulk match jobs (src/main/features/match/job-store.ts): the job as started (file name, headers,
    // mapping, payload template, threshold), its state, and one row per input record with its
    // result (best candidate, the few candidates kept for review) and the analyst's decision.
    // `read_done` = 0 and `source_path` set: the file was still being read when the app stopped;
    // the rest is read again from there, after the last stored line.
    name: 'bulk match jobs',
    up(db) {
      db.exec(`
        CREATE TABLE match_jobs (
          id TEXT PRIMARY KEY,
          profile_id TEXT NOT NULL,
          file_name TEXT,
          headers_json TEXT NOT NULL,
          mapping_json TEXT NOT NULL,
          template TEXT,
          concurrency INTEGER NOT NULL,
          threshold REAL NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'failed')),
          read_done INTEGER NOT NULL DEFAULT 0,
          source_path TEXT,
          error_json TEXT,
          created_at INTEGER NOT NULL,
          finished_at INTEGER
        );
        CREATE INDEX match_jobs_profile ON match_jobs(profile_id, created_at DESC);
        CREATE TABLE match_job_rows (
          job_id TEXT NOT NULL REFERENCES match_jobs(id) ON DELETE CASCADE,
          line INTEGER NOT NULL,
          input_json TEXT NOT NULL,
          values_json TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('pending', 'matched', 'no_match', 'error', 'invalid')),
          best_json TEXT,
          candidates INTEGER,
          choices_json TEXT,
          decision TEXT CHECK (decision IN ('accepted', 'rejected', 'picked')),
          decision_company_id TEXT,
          error_json TEXT,
          PRIMARY KEY (job_id, line)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    // 7: the value rows keyed by (snapshot, field, row) in one b-tree: the covering index of 3 becomes
    // the table itself. A load-all wrote every cell twice (table and index) and checked its row's
    // foreign key; one write per cell makes storing a page ~25% cheaper (measured), and a snapshot's
    // values are deleted as one key range (SnapshotStore.delete) instead of row by row.
    name: 'snapshot values keyed per snapshot and field',
    up(db) {
      db.exec(`
        CREATE TABLE snapshot_values_7 (
          snapshot_id INTEGER NOT NULL,
          field TEXT NOT NULL,
          row_id INTEGER NOT NULL,
          num REAL,
          txt TEXT,
          PRIMARY KEY (snapshot_id, field, row_id)
        ) WITHOUT ROWID;
        INSERT INTO snapshot_values_7 (snapshot_id, field, row_id, num, txt)
          SELECT v.snapshot_id, v.field, v.row_id, v.num, v.txt FROM snapshot_values v ORDER BY v.snapshot_id, v.field, v.row_id;
        DROP TABLE snapshot_values;
        ALTER TABLE snapshot_values_7 RENAME TO snapshot_values;
      `);
    },
  },
  {
    // 8: bulk match jobs know how their file is read and which rows repeat (docs/match.md): the
    // file's encoding (a resumed job reads the rest the same way; NULL = before this, read as UTF-8),
    // the key column repeats are found by (`key_known` = 0 while the header is not read yet; NULL =
    // before this, no key), and per row the earlier line it repeats.
    name: 'bulk match encoding and repeated rows',
    up(db) {
      db.exec(`
        ALTER TABLE match_jobs ADD COLUMN encoding TEXT;
        ALTER TABLE match_jobs ADD COLUMN key_column TEXT;
        ALTER TABLE match_jobs ADD COLUMN key_known INTEGER;
        ALTER TABLE match_job_rows ADD COLUMN duplicate_of INTEGER;
      `);
    },
  },
  {
    // 9: watches (src/main/features/watches, docs/watches.md): a saved search or a list checked again
    // and again, each check diffed against the previous one. A check keeps what it compared: a
    // search check its snapshot, a list check its ESG run (no foreign key: runs and snapshots are
    // their features' own). `last_due_at`: the last scheduled time a check was started (or skipped)
    // for, so a check due while the app was closed runs once at start. Requests of scheduled and
    // manual checks are counted per profile and local day against the daily budget. Snapshots get an
    // owner: NULL is the Search screen's; a watch's own ('watch:<id>') are never listed, replaced or
    // swept by the Search screen.
    name: 'watches',
    up(db) {
      db.exec(`
        CREATE TABLE watches (
          id INTEGER PRIMARY KEY,
          profile_id TEXT NOT NULL,
          name TEXT NOT NULL,
          target_json TEXT NOT NULL,
          schedule_json TEXT NOT NULL,
          check_at_start INTEGER NOT NULL DEFAULT 0,
          score_threshold REAL NOT NULL,
          paused INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          last_due_at INTEGER
        );
        CREATE INDEX watches_profile ON watches(profile_id);
        CREATE TABLE watch_checks (
          id INTEGER PRIMARY KEY,
          watch_id INTEGER NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
          trigger TEXT NOT NULL CHECK (trigger IN ('manual', 'schedule', 'start', 'missed', 'resume')),
          status TEXT NOT NULL CHECK (status IN ('running', 'waiting', 'done', 'failed', 'interrupted')),
          low_priority INTEGER NOT NULL DEFAULT 1,
          started_at INTEGER NOT NULL,
          finished_at INTEGER,
          requests INTEGER NOT NULL DEFAULT 0,
          changes INTEGER NOT NULL DEFAULT 0,
          baseline INTEGER NOT NULL DEFAULT 0,
          note TEXT,
          error_json TEXT,
          snapshot_id INTEGER,
          run_id INTEGER,
          previous_check_id INTEGER
        );
        CREATE INDEX watch_checks_watch ON watch_checks(watch_id, id DESC);
        CREATE INDEX watch_checks_open ON watch_checks(status) WHERE status IN ('running', 'waiting');
        CREATE TABLE watch_changes (
          id INTEGER PRIMARY KEY,
          watch_id INTEGER NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
          check_id INTEGER NOT NULL REFERENCES watch_checks(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('entered', 'left', 'field', 'score', 'rating', 'news', 'commitment')),
          company_id TEXT NOT NULL,
          company_name TEXT,
          field TEXT,
          module TEXT,
          old_json TEXT,
          new_json TEXT,
          detail TEXT,
          read INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX watch_changes_check ON watch_changes(check_id, id);
        CREATE INDEX watch_changes_watch ON watch_changes(watch_id, check_id DESC, id);
        CREATE INDEX watch_changes_unread ON watch_changes(watch_id) WHERE read = 0;
        CREATE TABLE watch_budget (
          profile_id TEXT NOT NULL,
          day TEXT NOT NULL,
          used INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (profile_id, day)
        ) WITHOUT ROWID;
        ALTER TABLE snapshots ADD COLUMN owner TEXT;
      `);
    },
  },
  {
    // 10: portfolio weights (issue 38, docs/lists.md): a member's weight as given (typed or imported;
    // NULL: none), the list's weighting ('equal' for every existing list, as before) and the benchmark
    // its weighted analytics compare with (JSON {kind:'list',listId} | {kind:'snapshot',snapshotId};
    // NULL: none). No foreign key: a benchmark list or snapshot deleted later is said so, not cascaded.
    name: 'list weights',
    up(db) {
      db.exec(`
        ALTER TABLE list_members ADD COLUMN weight REAL CHECK (weight IS NULL OR weight >= 0);
        ALTER TABLE lists ADD COLUMN weighting TEXT NOT NULL DEFAULT 'equal' CHECK (weighting IN ('equal', 'given'));
        ALTER TABLE lists ADD COLUMN benchmark_json TEXT;
      `);
    },
  },
  {
    // 11: a watch's alert rules (issue 38, shared/watches/rules.ts) as JSON; NULL: every change alerts.
    name: 'watch rules',
    up(db) {
      db.exec(`ALTER TABLE watches ADD COLUMN rules_json TEXT;`);
    },
  },
  {
    // 12: a snapshot's rows by company id (issue 38): a search check pairs the rows of two snapshots
    // in SQL (SnapshotStore.differingRows), so only the rows that differ are read into JS. With
    // `seq`, the first row of an id a snapshot repeats is found in the index alone.
    name: 'snapshot rows by company',
    up(db) {
      db.exec(`CREATE INDEX snapshot_rows_company ON snapshot_rows (snapshot_id, company_id, seq);`);
    },
  },
];
