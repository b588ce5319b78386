// One bulk match run: streams CSV rows, matches them with bounded concurrency, keeps one compact
// state per row (for the table, retry and export) and reports progress. A bad row never stops the rest.
import { AppError, isJobFatal, toBridgeError, type BridgeError } from '../../shared/errors';
import type { MatchCandidate } from '../../shared/service/schemas';
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import { applyMapping, type ColumnMapping, type MatchFieldValues } from '../../shared/match/fields';
import { buildMatchBody, describeProblems } from '../../shared/match/request-builder';
import type { ApiClient } from '../api/types';
import { readCsvBatches, type CsvItem, type CsvSource } from './csv-source';
import {
  chosenOf,
  clampThreshold,
  decisionOf,
  DEFAULT_REVIEW_THRESHOLD,
  MAX_REVIEW_CHOICES,
  toChoice,
  type ManualDecision,
  type ReviewAction,
  type ReviewCounts,
  type ReviewChoice,
} from '../../shared/match/review';
import { runPool, unbatch } from './pool';

export interface BulkRowState {
  line: number;
  input: MatchFieldValues;
  /** Every field of the input record by header position (the analyst's key column too), for the export. */
  values: string[];
  state: BulkRowView['state'];
  best?: MatchCandidate;
  candidates?: number;
  /** The best few candidates, best first, for the review step ("pick another"). */
  choices?: ReviewChoice[];
  /** The analyst's decision; absent = the threshold decides (auto-accepted or pending review). */
  manual?: ManualDecision;
  error?: BulkRowView['error'];
}

/** The job-level facts that are stored (job-store.ts) and restored after a restart. */
export interface BulkJobRecord {
  id: string;
  fileName?: string;
  headers: string[];
  mapping: ColumnMapping;
  template: string | null;
  concurrency: number;
  threshold: number;
  state: BulkJobView['state'];
  /** The whole file has been read (or the run stopped reading it for good: cancel, failure). */
  readDone: boolean;
  error?: BridgeError;
  startedAt: number;
  finishedAt?: number;
}

/** Where a job's changes go as they happen (the workspace database); absent = in memory only. */
export interface BulkJobSink {
  rowAdded(row: BulkRowState): void;
  rowChanged(row: BulkRowState): void;
  /** The analyst's decision: kept at once, so a crash loses none. */
  decided(row: BulkRowState): void;
  jobChanged(record: BulkJobRecord): void;
}

export interface BulkJobOptions {
  id: string;
  /** The CSV to read; absent for a job restored from the workspace database. */
  source?: CsvSource;
  fileName?: string;
  mapping: ColumnMapping;
  concurrency: number;
  /** The active profile's payload template at start; rows retried later use the same one. */
  template: string | null;
  api: () => Promise<ApiClient>;
  now: () => number;
  onProgress: (view: BulkJobView) => void;
  /** Minimum ms between progress events (the final one is always sent). */
  progressEveryMs?: number;
  /** Best candidates under this confidence wait for review (default DEFAULT_REVIEW_THRESHOLD). */
  reviewThreshold?: number;
  sink?: BulkJobSink;
  /** When the job was first started (a restored job keeps its own). */
  startedAt?: number;
}

/** Best candidate first; stable for equal confidence (service order kept). */
export function rankCandidates(candidates: MatchCandidate[]): MatchCandidate[] {
  return candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.confidence - a.c.confidence || a.i - b.i)
    .map((x) => x.c);
}

export class BulkJob {
  readonly id: string;
  readonly rows: BulkRowState[] = [];
  /** The input file's column names (deduplicated), once its header is read. */
  headers: string[] = [];
  private state: BulkJobView['state'] = 'running';
  private reading = true;
  private readDone = false;
  /** Stopped by the app shutting down: the stored job stays `running`, to resume at next start. */
  private interrupted = false;
  private resumedAt?: number;
  private fatal?: BulkJobView['error'];
  private readonly startedAt: number;
  private finishedAt?: number;
  private runStartedAt: number;
  private runDone = 0;
  private controller = new AbortController();
  private lastEmit = 0;
  private counts = { matched: 0, noMatch: 0, errors: 0, invalid: 0, pending: 0 };
  private running: Promise<void> = Promise.resolve();

  private source: CsvSource | null;
  /** Bodies built on admission, until sent (at most `concurrency` rows at a time). */
  private readonly bodies = new Map<BulkRowState, unknown>();
  private readonly byLine = new Map<number, BulkRowState>();
  private threshold: number;

  constructor(private readonly opts: BulkJobOptions) {
    this.id = opts.id;
    this.source = opts.source ?? null;
    this.startedAt = this.runStartedAt = opts.startedAt ?? opts.now();
    this.threshold = clampThreshold(opts.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD);
  }

  /** A job as the workspace database kept it, with its rows in file order; `resume()` continues a running one. */
  static restore(opts: Omit<BulkJobOptions, 'id' | 'source' | 'mapping' | 'template' | 'concurrency' | 'fileName'>, rec: BulkJobRecord, rows: BulkRowState[]): BulkJob {
    const j = new BulkJob({
      ...opts,
      id: rec.id,
      ...(rec.fileName !== undefined ? { fileName: rec.fileName } : {}),
      mapping: rec.mapping,
      template: rec.template,
      concurrency: rec.concurrency,
      reviewThreshold: rec.threshold,
      startedAt: rec.startedAt,
    });
    j.headers = rec.headers;
    for (const r of rows) j.push(r, false);
    j.state = rec.state;
    j.readDone = rec.readDone;
    j.reading = rec.state === 'running' && !rec.readDone;
    j.fatal = rec.error;
    j.finishedAt = rec.finishedAt;
    return j;
  }

  /** What is stored about the job itself (rows apart). */
  record(): BulkJobRecord {
    return {
      id: this.id,
      ...(this.opts.fileName !== undefined ? { fileName: this.opts.fileName } : {}),
      headers: this.headers,
      mapping: this.opts.mapping,
      template: this.opts.template,
      concurrency: this.opts.concurrency,
      threshold: this.threshold,
      state: this.state,
      readDone: this.readDone,
      ...(this.fatal ? { error: this.fatal } : {}),
      startedAt: this.startedAt,
      ...(this.finishedAt !== undefined ? { finishedAt: this.finishedAt } : {}),
    };
  }

  /** Moves the review threshold: rows without the analyst's own decision follow it at once. */
  setThreshold(t: number): void {
    this.threshold = clampThreshold(t);
    this.opts.sink?.jobChanged(this.record());
    this.opts.onProgress(this.view());
  }

  row(line: number): BulkRowState {
    const r = this.byLine.get(line);
    if (!r) throw new AppError('not_found', `Line ${line} is not a row of this bulk match.`);
    return r;
  }

  /** The analyst's decision on one matched row (accept, reject, pick another candidate, or back to the threshold's). */
  decide(line: number, a: ReviewAction): BulkRowState {
    const r = this.row(line);
    if (!r.best || r.state !== 'matched') throw new AppError('invalid_input', `Line ${line} has no candidate to decide on.`);
    if (a.action === 'reset') r.manual = undefined;
    else if (a.action === 'accept') r.manual = { kind: 'accepted' };
    else if (a.action === 'reject') r.manual = { kind: 'rejected' };
    else {
      const i = (r.choices ?? []).findIndex((c) => c.companyId === a.companyId);
      if (i < 0) throw new AppError('invalid_input', `Line ${line}: that company is not one of the candidates the service returned.`);
      r.manual = i === 0 ? { kind: 'accepted' } : { kind: 'picked', companyId: a.companyId };
    }
    this.opts.sink?.decided(r);
    this.opts.onProgress(this.view());
    return r;
  }

  decisionOf(r: BulkRowState) {
    return decisionOf(r.state === 'matched' ? r.best : undefined, r.manual, this.threshold);
  }

  chosenOf(r: BulkRowState): ReviewChoice | null {
    return chosenOf(this.decisionOf(r), r.choices ?? [], r.manual);
  }

  reviewCounts(): ReviewCounts {
    const c: ReviewCounts = { threshold: this.threshold, auto: 0, accepted: 0, picked: 0, rejected: 0, pending: 0 };
    for (const r of this.rows) {
      const d = this.decisionOf(r);
      if (d) c[d]++;
    }
    return c;
  }

  /** Starts reading and matching; resolves when the run ends (done, cancelled or failed). */
  start(): Promise<void> {
    if (!this.source) throw new AppError('invalid_input', 'This bulk match has already been started.');
    const source = this.source;
    this.source = null; // the CSV text can be collected once read: rows keep only what they need
    this.running = this.run(unbatch(readCsvBatches(source, this.controller.signal, this.onHeaders)));
    return this.running;
  }

  /**
   * Continues a job the app stopped while it ran: its rows not sent yet, then the rest of the file
   * (`rest`), from the record after the last stored line, so no row is read twice. When the rest
   * cannot be read any more, the job ends failed with `rest.unavailable` and keeps what it has.
   */
  resume(rest: { source: CsvSource } | { unavailable: BridgeError } | null): Promise<void> {
    if (this.state !== 'running' || this.resumedAt !== undefined) throw new AppError('invalid_input', 'This bulk match is not waiting to resume.');
    const pending = this.rows.filter((r) => r.state === 'pending');
    const afterLine = this.rows.at(-1)?.line ?? 0;
    const signal = this.controller.signal;
    const onHeaders = this.onHeaders;
    this.resumedAt = this.opts.now();
    async function* items(): AsyncGenerator<CsvItem | BulkRowState> {
      yield* pending;
      if (!rest) return;
      if ('unavailable' in rest) throw new AppError(rest.unavailable.code, rest.unavailable.message, { retryable: false });
      for await (const item of unbatch(readCsvBatches(rest.source, signal, onHeaders))) if (item.line > afterLine) yield item;
    }
    this.reading = rest !== null && 'source' in rest;
    this.running = this.run(items());
    return this.running;
  }

  /** Stops for the app's shutdown: unlike cancel, the stored job stays running and resumes at next start. */
  interrupt(): void {
    this.interrupted = true;
    this.controller.abort();
  }

  private readonly onHeaders = (h: string[]) => {
    this.headers = h;
    this.opts.sink?.jobChanged(this.record());
  };

  /** Runs again only the rows that ended in `error` (invalid rows need the file fixed). */
  retryFailures(): Promise<void> {
    if (this.state === 'running') throw new AppError('invalid_input', 'This bulk match is still running; wait for it to finish before retrying failures.');
    // Pending rows are those a cancel left unsent.
    const failed = this.rows.filter((r) => r.state === 'error' || r.state === 'pending');
    if (failed.length === 0) throw new AppError('invalid_input', 'There are no failed rows to retry.');
    for (const r of failed) this.setState(r, 'pending');
    this.controller = new AbortController();
    this.state = 'running';
    this.fatal = undefined;
    this.finishedAt = undefined;
    this.running = this.run(failed);
    return this.running;
  }

  cancel(): void {
    this.controller.abort();
  }

  whenIdle(): Promise<void> {
    return this.running;
  }

  view(): BulkJobView {
    const { matched, noMatch, errors, invalid } = this.counts;
    const done = matched + noMatch + errors + invalid;
    const end = this.finishedAt ?? this.opts.now();
    const secs = (end - this.runStartedAt) / 1000;
    return {
      id: this.id,
      state: this.state,
      ...(this.opts.fileName ? { fileName: this.opts.fileName } : {}),
      reading: this.reading,
      total: this.rows.length,
      done,
      matched,
      noMatch,
      errors,
      invalid,
      startedAt: this.startedAt,
      ...(this.finishedAt !== undefined ? { finishedAt: this.finishedAt } : {}),
      ...(secs > 0 ? { rowsPerSecond: Math.round((this.runDone / secs) * 10) / 10 } : {}),
      ...(this.fatal ? { error: this.fatal } : {}),
      ...(this.resumedAt !== undefined ? { resumedAt: this.resumedAt } : {}),
      review: this.reviewCounts(),
    };
  }

  rowView(r: BulkRowState): BulkRowView {
    return {
      line: r.line,
      input: { ...r.input },
      state: r.state,
      ...(r.best ? { best: r.best } : {}),
      ...(r.candidates !== undefined ? { candidates: r.candidates } : {}),
      ...(r.error ? { error: r.error } : {}),
      decision: this.decisionOf(r),
      ...(r.choices ? { choices: r.choices } : {}),
      chosenId: this.chosenOf(r)?.companyId ?? null,
    };
  }

  /** Matches rows already admitted and/or reads new ones (CSV items: they have a `kind`). */
  private async run(source: AsyncIterable<CsvItem | BulkRowState> | BulkRowState[]): Promise<void> {
    const signal = this.controller.signal;
    this.runStartedAt = this.opts.now();
    this.runDone = 0;
    this.opts.sink?.jobChanged(this.record());
    this.opts.onProgress(this.view()); // the job (re)starts now: screens switch to "running" at once
    try {
      const api = await this.opts.api();
      const worker = async (item: CsvItem | BulkRowState) => {
        const row = 'kind' in item ? this.admit(item) : item;
        if (row.state === 'pending') await this.matchRow(api, row, signal);
        this.runDone++;
        this.maybeEmit();
      };
      await runPool<CsvItem | BulkRowState>(source, this.opts.concurrency, worker, signal);
      this.state = signal.aborted ? 'cancelled' : this.fatal ? 'failed' : 'done';
    } catch (e) {
      const err = toBridgeError(e);
      this.state = signal.aborted || err.code === 'cancelled' ? 'cancelled' : 'failed';
      if (this.state === 'failed') this.fatal = describeFatal(e, err);
    } finally {
      this.reading = false;
      this.finishedAt = this.opts.now();
      if (!this.interrupted) {
        this.readDone = true; // done, cancelled or failed: the rest of the file is not read later
        this.opts.sink?.jobChanged(this.record());
      }
      this.opts.onProgress(this.view());
    }
  }

  /** Turns a CSV item into a row state: bad records and rows without enough facts are `invalid` at once. */
  private admit(item: CsvItem): BulkRowState {
    if (item.kind === 'bad') {
      return this.push({ line: item.line, input: {}, values: item.values, state: 'invalid', error: { code: 'invalid_input', message: item.message, retryable: false, details: { line: item.line } } });
    }
    const input = applyMapping(item.record, this.opts.mapping);
    const values = this.headers.map((h) => item.record[h] ?? '');
    const built = buildMatchBody(input, this.opts.template);
    if (!built.ok) {
      const message = `Line ${item.line}: ${describeProblems(built.problems)}`;
      return this.push({ line: item.line, input, values, state: 'invalid', error: { code: 'invalid_input', message, retryable: false, details: { line: item.line, field: built.problems[0].field } } });
    }
    this.push({ line: item.line, input, values, state: 'pending' });
    const row = this.rows[this.rows.length - 1];
    this.bodies.set(row, built.body); // sent in a moment; not kept after that
    return row;
  }

  private push(row: BulkRowState, record = true): BulkRowState {
    this.rows.push(row);
    this.byLine.set(row.line, row);
    this.bump(row.state, 1);
    if (record) this.opts.sink?.rowAdded(row);
    return row;
  }

  private async matchRow(api: ApiClient, row: BulkRowState, signal: AbortSignal): Promise<void> {
    let body = this.bodies.get(row);
    this.bodies.delete(row);
    if (body === undefined) {
      // A retry: build again (same template as the first run).
      const built = buildMatchBody(row.input, this.opts.template);
      if (!built.ok) return this.setState(row, 'invalid'); // cannot happen: checked on admit
      body = built.body;
    }
    if (this.fatal) {
      // The connection itself is broken: don't send hundreds of doomed requests; fail fast, retry later.
      row.error = { ...this.fatal, message: `Line ${row.line}: not sent. ${this.fatal.message}`, details: { line: row.line } };
      return this.setState(row, 'error');
    }
    try {
      const res = await api.match(body, { signal });
      const ranked = rankCandidates(res.result);
      row.best = ranked[0] ? compactCandidate(ranked[0]) : undefined;
      row.candidates = res.result.length;
      row.choices = ranked.length > 0 ? ranked.slice(0, MAX_REVIEW_CHOICES).map(toChoice) : undefined;
      row.manual = undefined; // new candidates: an earlier decision no longer applies
      row.error = undefined;
      this.setState(row, ranked.length > 0 ? 'matched' : 'no_match');
    } catch (e) {
      if (signal.aborted) return; // stays pending; the job reports cancelled
      const err = toBridgeError(e);
      // The connection, not the row, is wrong: every later row would fail the same way.
      if (isJobFatal(err)) this.fatal ??= err;
      row.error = { ...err, message: `Line ${row.line}: ${err.message}`, details: { ...err.details, line: row.line } };
      this.setState(row, 'error');
    }
  }

  private setState(row: BulkRowState, next: BulkRowState['state']): void {
    this.bump(row.state, -1);
    row.state = next;
    this.bump(next, 1);
    this.opts.sink?.rowChanged(row);
  }

  private bump(state: BulkRowState['state'], by: number): void {
    const key = state === 'no_match' ? 'noMatch' : state === 'error' ? 'errors' : state;
    this.counts[key] += by;
  }

  private maybeEmit(): void {
    const t = this.opts.now();
    if (t - this.lastEmit < (this.opts.progressEveryMs ?? 100)) return;
    this.lastEmit = t;
    this.opts.onProgress(this.view());
  }
}

/** Most company fields a bulk row keeps (the export's `company.*` columns). */
export const MAX_KEPT_FIELDS = 40;

/**
 * A bulk row keeps the best candidate's top-level scalar fields only (id, name, country, website...):
 * enough for the table, the export and the detail view, without holding every nested record of a
 * large file in memory.
 */
export function compactCandidate(c: MatchCandidate): MatchCandidate {
  const company: Record<string, unknown> = { company_id: c.company.company_id };
  let kept = 1;
  for (const [k, v] of Object.entries(c.company)) {
    if (kept >= MAX_KEPT_FIELDS) break;
    if (k === 'company_id' || k === '__proto__') continue;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      company[k] = v;
      kept++;
    }
  }
  return { confidence: c.confidence, company: company as MatchCandidate['company'] };
}

function describeFatal(e: unknown, err: ReturnType<typeof toBridgeError>): BulkJobView['error'] {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return { code: 'io', message: 'The CSV file was not found. It may have been moved or deleted; choose it again.', retryable: false };
  if (code === 'EACCES' || code === 'EPERM') return { code: 'io', message: 'Firmscope may not read this CSV file. Check its permissions or copy it somewhere readable.', retryable: false };
  if (code === 'EISDIR') return { code: 'io', message: 'That path is a folder, not a CSV file.', retryable: false };
  return err;
}
