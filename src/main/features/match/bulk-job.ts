// One bulk match run: streams CSV rows, matches them with bounded concurrency, keeps one compact
// state per row (for the table, retry and export) and reports progress. A bad row never stops the rest.
// Around it: bulk-job-types.ts (shapes), bulk-job-record.ts (stored form), bulk-row.ts (one row's
// admission and match call), bulk-view.ts (counts and views), candidates.ts (ranking, compacting).
import { AppError, isJobFatal, toBridgeError, type BridgeError } from '../../../shared/errors';
import type { BulkJobView, BulkRowView } from '../../../shared/bridge/groups/match';
import { clampThreshold, DEFAULT_REVIEW_THRESHOLD, type ReviewAction, type ReviewChoice, type ReviewCounts } from '../../../shared/match/review';
import type { ApiClient } from '../../platform/api/types';
import { readCsvBatches, type CsvItem, type CsvSource } from './csv-source';
import type { BulkJobOptions, BulkJobRecord, BulkRowState } from './bulk-job-types';
import { jobRecord, optionsFromRecord, runStateFromRecord, type RestoreOptions } from './bulk-job-record';
import { admitCsvItem, fetchCandidates, notSentError, rebuildBody, rowError } from './bulk-row';
import { JobRepeats, takeAnswer } from './bulk-repeats';
import { EncodingError } from './text-decoding';
import { jobView, reviewCounts, rowChosen, rowDecision, RowCounts, rowView } from './bulk-view';
import { runPool, unbatch } from './pool';
import { endedPhase, NEW_JOB_PHASE, readingOf, stateOf, storedPhase, type BulkPhase, type EndState } from './bulk-phase';
import { sentenceCount } from '../../../shared/sentence-numbers';

// Kept importable from here, where they were first defined.
export type { BulkJobOptions, BulkJobRecord, BulkJobSink, BulkRowState } from './bulk-job-types';
export { compactCandidate, rankCandidates } from './candidates';

export class BulkJob {
  readonly id: string;
  readonly rows: BulkRowState[] = [];
  /** The input file's column names (deduplicated), once its header is read. */
  headers: string[] = [];
  /** Where the job is (bulk-phase.ts): waiting to resume, running (reading or not), or ended. */
  private phase: BulkPhase = NEW_JOB_PHASE;
  /** When a job the app had stopped was resumed. */
  private resumedAt?: number;
  private fatal?: BulkJobView['error'];
  private readonly startedAt: number;
  private finishedAt?: number;
  private runStartedAt: number;
  private runDone = 0;
  private controller = new AbortController();
  private lastEmit = 0;
  /** The trailing progress event of the current interval, when one is due. */
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly counts = new RowCounts();
  private running: Promise<void> = Promise.resolve();

  private source: CsvSource | null;
  /** Bodies built on admission, until sent (at most `concurrency` rows at a time). */
  private readonly bodies = new Map<BulkRowState, unknown>();
  private readonly byLine = new Map<number, BulkRowState>();
  /** This run's accounting: records the reader handed on, rows made of them, lines given twice. */
  private recordsRead = 0;
  private rowsAdded = 0;
  private readonly repeatedLines: number[] = [];
  private threshold: number;
  /** Rows that repeat an earlier row: flagged, and matched once when their facts are the same. */
  private readonly repeats: JobRepeats;

  constructor(private readonly opts: BulkJobOptions) {
    this.id = opts.id;
    this.source = opts.source ?? null;
    this.startedAt = this.runStartedAt = opts.startedAt ?? opts.now();
    this.threshold = clampThreshold(opts.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD);
    this.repeats = new JobRepeats(opts.keyColumn, (line) => this.byLine.get(line));
  }

  /** A job as the workspace database kept it, with its rows in file order; `resume()` continues a running one. */
  static restore(opts: RestoreOptions, rec: BulkJobRecord, rows: BulkRowState[]): BulkJob {
    const j = new BulkJob(optionsFromRecord(opts, rec));
    j.headers = rec.headers;
    for (const r of rows) j.push(r, false);
    j.repeats.restore(rec.headers, rows);
    const run = runStateFromRecord(rec);
    j.phase = storedPhase(run.state, run.readDone);
    j.fatal = run.fatal;
    j.finishedAt = run.finishedAt;
    return j;
  }

  /** What is stored about the job itself (rows apart). */
  record(): BulkJobRecord {
    const { headers, threshold, fatal, startedAt, finishedAt } = this;
    const { readDone } = this.phase;
    return jobRecord(this.opts, { headers, threshold, state: stateOf(this.phase), readDone, fatal, startedAt, finishedAt, keyColumn: this.repeats.keyColumn });
  }

  /** Moves the review threshold: rows without the analyst's own decision follow it at once. */
  setThreshold(t: number): void {
    this.threshold = clampThreshold(t);
    this.opts.sink?.jobChanged(this.record());
    this.emitNow();
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
    this.emitNow();
    return r;
  }

  decisionOf(r: BulkRowState) {
    return rowDecision(r, this.threshold);
  }

  chosenOf(r: BulkRowState): ReviewChoice | null {
    return rowChosen(r, this.threshold);
  }

  reviewCounts(): ReviewCounts {
    return reviewCounts(this.rows, this.threshold);
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
    const waiting = this.phase;
    if (waiting.kind !== 'waiting') throw new AppError('invalid_input', 'This bulk match is not waiting to resume.');
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
    this.phase = { kind: 'running', reading: rest !== null && 'source' in rest, readDone: waiting.readDone, interrupted: waiting.interrupted };
    this.running = this.run(items());
    return this.running;
  }

  /** Stops for the app's shutdown: unlike cancel, the stored job stays running and resumes at next start. */
  interrupt(): void {
    this.phase = { ...this.phase, interrupted: true };
    this.controller.abort();
  }

  private readonly onHeaders = (h: string[]) => {
    this.headers = h;
    this.repeats.onHeaders(h);
    this.opts.sink?.jobChanged(this.record());
  };

  /** Runs again only the rows that ended in `error` (invalid rows need the file fixed). */
  retryFailures(): Promise<void> {
    const ended = this.phase;
    if (ended.kind !== 'ended') throw new AppError('invalid_input', 'This bulk match is still running; wait for it to finish before retrying failures.');
    // Pending rows are those a cancel left unsent.
    const failed = this.rows.filter((r) => r.state === 'error' || r.state === 'pending');
    if (failed.length === 0) throw new AppError('invalid_input', 'There are no failed rows to retry.');
    for (const r of failed) this.setState(r, 'pending');
    this.controller = new AbortController();
    this.phase = { kind: 'running', reading: false, readDone: ended.readDone, interrupted: ended.interrupted };
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
    const { id, counts, startedAt, finishedAt, runStartedAt, runDone, fatal, resumedAt } = this;
    const progress = { id, state: stateOf(this.phase), fileName: this.opts.fileName, reading: readingOf(this.phase), total: this.rows.length, counts, startedAt, finishedAt, runStartedAt, runDone, fatal, resumedAt };
    return jobView({ ...progress, review: this.reviewCounts() }, this.opts.now);
  }

  rowView(r: BulkRowState): BulkRowView {
    return rowView(r, this.threshold);
  }

  /** Matches rows already admitted and/or reads new ones (CSV items: they have a `kind`). */
  private async run(source: AsyncIterable<CsvItem | BulkRowState> | BulkRowState[]): Promise<void> {
    const signal = this.controller.signal;
    this.runStartedAt = this.opts.now();
    this.runDone = 0;
    this.recordsRead = this.rowsAdded = 0;
    this.opts.sink?.jobChanged(this.record());
    this.emitNow(); // the job (re)starts now: screens switch to "running" at once
    let end: EndState = 'failed';
    try {
      const api = await this.opts.api();
      const worker = async (item: CsvItem | BulkRowState) => {
        const row = 'kind' in item ? this.admit(item) : item;
        if (row.state === 'pending') await this.matchRow(api, row, signal);
        this.runDone++;
        this.maybeEmit();
      };
      await runPool<CsvItem | BulkRowState>(Array.isArray(source) ? source : this.endOfReading(source), this.opts.concurrency, worker, signal);
      const gap = this.accountingGap();
      if (gap) this.fatal = gap;
      end = gap ? 'failed' : signal.aborted ? 'cancelled' : this.fatal ? 'failed' : 'done';
    } catch (e) {
      const err = toBridgeError(e);
      end = signal.aborted || err.code === 'cancelled' ? 'cancelled' : 'failed';
      if (end === 'failed') this.fatal = describeFatal(e, err);
    } finally {
      // Done, cancelled or failed: the rest of the file is not read later (but after an interrupt).
      this.phase = endedPhase(this.phase, end);
      this.finishedAt = this.opts.now();
      if (!this.phase.interrupted) this.opts.sink?.jobChanged(this.record());
      this.emitNow();
    }
  }

  /** The file is read to its end while rows are still being matched: that phase ends with an event too. */
  private async *endOfReading(items: AsyncIterable<CsvItem | BulkRowState>): AsyncGenerator<CsvItem | BulkRowState> {
    for await (const item of items) {
      if ('kind' in item) this.recordsRead++;
      yield item;
    }
    if (this.phase.kind === 'running') this.phase = { ...this.phase, reading: false };
    this.emitNow();
  }

  /** Adds a row for a CSV item (see admitCsvItem), keeping the body of a pending one until it is sent. */
  private admit(item: CsvItem): BulkRowState {
    const { row, body } = admitCsvItem(item, this.headers, this.opts.mapping, this.opts.template);
    if (item.kind === 'row') this.repeats.flag(row, item.record);
    this.push(row);
    this.rowsAdded++;
    if (row.state === 'pending') this.bodies.set(row, body); // sent in a moment; not kept after that
    return row;
  }

  private push(row: BulkRowState, record = true): BulkRowState {
    this.rows.push(row);
    // Rows are kept (and stored) by line: a second record on one line would replace the first.
    if (this.byLine.has(row.line)) this.repeatedLines.push(row.line);
    else this.byLine.set(row.line, row);
    this.counts.bump(row.state, 1);
    if (record) this.opts.sink?.rowAdded(row);
    return row;
  }

  private async matchRow(api: ApiClient, row: BulkRowState, signal: AbortSignal): Promise<void> {
    let body = this.bodies.get(row);
    this.bodies.delete(row);
    if (body === undefined) {
      // A retry: build again (same template as the first run).
      const rebuilt = rebuildBody(row, this.opts.template);
      if (!rebuilt) return this.setState(row, 'invalid'); // cannot happen: checked on admit
      body = rebuilt.body;
    }
    if (this.fatal) {
      // The connection itself is broken: don't send hundreds of doomed requests; fail fast, retry later.
      row.error = notSentError(row.line, this.fatal);
      return this.setState(row, 'error');
    }
    const end = this.repeats.begin(row);
    try {
      // A repeat of an earlier row with the same facts takes its answer: the service is asked once.
      const earlier = await this.repeats.answerOf(row);
      if (signal.aborted) return;
      if (earlier) return this.setState(row, takeAnswer(row, earlier));
      this.setState(row, await fetchCandidates(api, row, body, signal));
    } catch (e) {
      if (signal.aborted) return; // stays pending; the job reports cancelled
      const err = toBridgeError(e);
      // The connection, not the row, is wrong: every later row would fail the same way.
      if (isJobFatal(err)) this.fatal ??= err;
      row.error = rowError(row.line, err);
      this.setState(row, 'error');
    } finally {
      end();
    }
  }

  private setState(row: BulkRowState, next: BulkRowState['state']): void {
    this.counts.bump(row.state, -1);
    row.state = next;
    this.counts.bump(next, 1);
    this.opts.sink?.rowChanged(row);
  }

  /**
   * Rows in = rows out + rows reported unreadable: every record the reader handed on became exactly
   * one row, on a line of its own. Otherwise the job ends with an error naming the gap, never with
   * fewer rows and no word.
   */
  private accountingGap(): BulkJobView['error'] | undefined {
    const repeated = [...new Set(this.repeatedLines)];
    if (this.recordsRead === this.rowsAdded && repeated.length === 0) return undefined;
    const lines = repeated.slice(0, 5).join(', ') + (repeated.length > 5 ? ` and ${repeated.length - 5} more` : '');
    const message =
      repeated.length > 0
        ? `This file's records could not be told apart: line${repeated.length > 1 ? 's' : ''} ${lines} held more than one record, so ${this.rowsAdded - repeated.length} of ${this.recordsRead} records could be kept.`
        : `${sentenceCount(this.recordsRead)} records were read from the file but ${sentenceCount(this.rowsAdded)} rows were made of them.`;
    return {
      code: 'io',
      message: `${message} The run stops rather than leave rows out. Save the file again as "CSV UTF-8" and run it again.`,
      retryable: false,
      details: { read: this.recordsRead, kept: this.rowsAdded - repeated.length, ...(repeated.length ? { line: repeated[0] } : {}) },
    };
  }

  /** At most one event per interval, and the latest state always arrives: a change inside the interval is sent at its end. */
  private maybeEmit(): void {
    const wait = this.lastEmit + (this.opts.progressEveryMs ?? 100) - this.opts.now();
    if (wait <= 0) return this.emitNow();
    if (this.emitTimer) return;
    this.emitTimer = setTimeout(() => this.emitNow(), wait);
    this.emitTimer.unref?.();
  }

  private emitNow(): void {
    if (this.emitTimer) clearTimeout(this.emitTimer);
    this.emitTimer = null;
    this.lastEmit = this.opts.now();
    this.opts.onProgress(this.view());
  }
}

function describeFatal(e: unknown, err: ReturnType<typeof toBridgeError>): BulkJobView['error'] {
  // Past what the check before the run read: the encoding menu is no longer on screen.
  if (e instanceof EncodingError) return { ...err, message: `${e.problem}. The rows before it are kept; start a new bulk match of this file and choose its encoding in the check before the run.` };
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return { code: 'io', message: 'The CSV file was not found. It may have been moved or deleted; choose it again.', retryable: false };
  if (code === 'EACCES' || code === 'EPERM') return { code: 'io', message: 'Firmscope may not read this CSV file. Check its permissions or copy it somewhere readable.', retryable: false };
  if (code === 'EISDIR') return { code: 'io', message: 'That path is a folder, not a CSV file.', retryable: false };
  return err;
}
