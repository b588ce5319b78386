// Bulk match jobs in a profile's workspace database (tables `match_jobs` and `match_job_rows`,
// migration "bulk match jobs"). The job recorder (job-recorder.ts) writes through it while a job
// runs and as the analyst decides; the registry reads every job back when the profile is opened.
//
//   const store = new BulkJobStore(db);
//   store.createJob({ ...job.record(), profileId, sourcePath }); store.saveRows(id, rows, true);
//   for (const j of store.jobs(profileId)) ... store.rows(j.id) ...
import type { BridgeError } from '../../../shared/errors';
import type { ColumnMapping, MatchFieldValues } from '../../../shared/match/fields';
import type { TextEncoding } from '../../../shared/match/encodings';
import type { ManualDecision, ReviewChoice } from '../../../shared/match/review';
import type { MatchCandidate } from '../../../shared/service/schemas';
import type { WorkspaceDb } from '../../platform/workspace/db';
import type { Sql } from '../../platform/workspace/sql';
import type { BulkJobRecord, BulkRowState } from './bulk-job';

/** A job as stored: what BulkJob.restore needs, plus where it belongs and where its file is. */
export interface StoredBulkJob extends BulkJobRecord {
  profileId: string;
  /** The file to read the rest from, while `readDone` is false (null: nothing to read again). */
  sourcePath: string | null;
}

interface JobRow {
  id: string;
  profile_id: string;
  file_name: string | null;
  headers_json: string;
  mapping_json: string;
  /** null: stored before encodings were recorded (files were read as UTF-8). */
  encoding: TextEncoding | null;
  /** null: no key column, or stored before repeats were found (see key_known). */
  key_column: string | null;
  key_known: number | null;
  template: string | null;
  concurrency: number;
  threshold: number;
  state: BulkJobRecord['state'];
  read_done: number;
  source_path: string | null;
  error_json: string | null;
  created_at: number;
  finished_at: number | null;
}

interface RowRow {
  line: number;
  input_json: string;
  values_json: string;
  state: BulkRowState['state'];
  best_json: string | null;
  candidates: number | null;
  choices_json: string | null;
  decision: ManualDecision['kind'] | null;
  decision_company_id: string | null;
  error_json: string | null;
  duplicate_of: number | null;
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

export class BulkJobStore {
  private readonly sql: Sql;

  constructor(db: WorkspaceDb) {
    this.sql = db.sql;
  }

  createJob(j: StoredBulkJob): void {
    this.sql.run(
      `INSERT INTO match_jobs (id, profile_id, file_name, headers_json, mapping_json, encoding, key_column, key_known, template, concurrency, threshold, state, read_done, source_path, error_json, created_at, finished_at)
       VALUES (@id, @profileId, @fileName, @headers, @mapping, @encoding, @keyColumn, @keyKnown, @template, @concurrency, @threshold, @state, @readDone, @sourcePath, @error, @startedAt, @finishedAt)`,
      {
        ...this.jobParams(j),
        id: j.id,
        profileId: j.profileId,
        mapping: JSON.stringify(j.mapping),
        encoding: j.encoding,
        template: j.template,
        concurrency: j.concurrency,
        startedAt: j.startedAt,
        sourcePath: j.sourcePath,
      },
    );
  }

  /** The job-level fields that change while it runs or is reviewed. */
  updateJob(j: BulkJobRecord): void {
    this.sql.run(
      `UPDATE match_jobs SET file_name = @fileName, headers_json = @headers, key_column = @keyColumn, key_known = @keyKnown, threshold = @threshold,
       state = @state, read_done = @readDone, error_json = @error, finished_at = @finishedAt WHERE id = @id`,
      { ...this.jobParams(j), id: j.id },
    );
  }

  /** The file is read to its end: the copy kept to resume from is not needed any more. */
  clearSource(id: string): void {
    this.sql.run('UPDATE match_jobs SET source_path = NULL WHERE id = ?', [id]);
  }

  /** Writes rows in one transaction: new ones whole, known ones their result and decision. */
  saveRows(jobId: string, rows: ReadonlyArray<{ row: BulkRowState; isNew: boolean }>): void {
    if (rows.length === 0) return;
    this.sql.tx(() => {
      for (const { row, isNew } of rows) {
        const p = { jobId, ...rowParams(row) };
        if (isNew) {
          this.sql.run(
            `INSERT OR REPLACE INTO match_job_rows (job_id, line, input_json, values_json, state, best_json, candidates, choices_json, decision, decision_company_id, error_json, duplicate_of)
             VALUES (@jobId, @line, @input, @values, @state, @best, @candidates, @choices, @decision, @decisionCompanyId, @error, @duplicateOf)`,
            { ...p, input: JSON.stringify(row.input), values: JSON.stringify(row.values), duplicateOf: row.duplicateOf ?? null },
          );
        } else {
          this.sql.run(
            `UPDATE match_job_rows SET state = @state, best_json = @best, candidates = @candidates, choices_json = @choices, decision = @decision,
             decision_company_id = @decisionCompanyId, error_json = @error WHERE job_id = @jobId AND line = @line`,
            p,
          );
        }
      }
    });
  }

  /** Jobs of a profile, oldest first. */
  jobs(profileId: string): StoredBulkJob[] {
    return this.sql.all<JobRow>('SELECT * FROM match_jobs WHERE profile_id = ? ORDER BY created_at, rowid', [profileId]).map(jobRecord);
  }

  count(profileId: string): number {
    return this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM match_jobs WHERE profile_id = ?', [profileId])?.n ?? 0;
  }

  /** Every row of a job in file order. */
  rows(jobId: string): BulkRowState[] {
    return this.sql.all<RowRow>('SELECT * FROM match_job_rows WHERE job_id = ? ORDER BY line', [jobId]).map(rowState);
  }

  deleteJob(id: string): void {
    this.sql.run('DELETE FROM match_jobs WHERE id = ?', [id]);
  }

  private jobParams(j: BulkJobRecord) {
    return {
      fileName: j.fileName ?? null,
      headers: JSON.stringify(j.headers),
      keyColumn: j.keyColumn ?? null,
      keyKnown: j.keyColumn === undefined ? 0 : 1,
      threshold: j.threshold,
      state: j.state,
      readDone: j.readDone ? 1 : 0,
      error: json(j.error),
      finishedAt: j.finishedAt ?? null,
    };
  }
}

function rowParams(r: BulkRowState) {
  return {
    line: r.line,
    state: r.state,
    best: json(r.best),
    candidates: r.candidates ?? null,
    choices: json(r.choices),
    decision: r.manual?.kind ?? null,
    decisionCompanyId: r.manual?.kind === 'picked' ? r.manual.companyId : null,
    error: json(r.error),
  };
}

function jobRecord(r: JobRow): StoredBulkJob {
  return {
    id: r.id,
    profileId: r.profile_id,
    ...(r.file_name !== null ? { fileName: r.file_name } : {}),
    headers: JSON.parse(r.headers_json) as string[],
    mapping: JSON.parse(r.mapping_json) as ColumnMapping,
    encoding: r.encoding ?? 'utf-8',
    // Jobs stored before repeats were found keep none (their rows were sent one by one).
    ...(r.key_known === 0 ? {} : { keyColumn: r.key_column }),
    template: r.template,
    concurrency: r.concurrency,
    threshold: r.threshold,
    state: r.state,
    readDone: r.read_done === 1,
    sourcePath: r.source_path,
    ...(r.error_json ? { error: JSON.parse(r.error_json) as BridgeError } : {}),
    startedAt: r.created_at,
    ...(r.finished_at !== null ? { finishedAt: r.finished_at } : {}),
  };
}

function rowState(r: RowRow): BulkRowState {
  const manual: ManualDecision | undefined =
    r.decision === 'picked' ? { kind: 'picked', companyId: r.decision_company_id ?? '' } : r.decision ? { kind: r.decision } : undefined;
  return {
    line: r.line,
    input: JSON.parse(r.input_json) as MatchFieldValues,
    values: JSON.parse(r.values_json) as string[],
    state: r.state,
    ...(r.best_json ? { best: JSON.parse(r.best_json) as MatchCandidate } : {}),
    ...(r.candidates !== null ? { candidates: r.candidates } : {}),
    ...(r.choices_json ? { choices: JSON.parse(r.choices_json) as ReviewChoice[] } : {}),
    ...(manual ? { manual } : {}),
    ...(r.error_json ? { error: JSON.parse(r.error_json) as BridgeError } : {}),
    ...(r.duplicate_of !== null ? { duplicateOf: r.duplicate_of } : {}),
  };
}
