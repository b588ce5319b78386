// The shapes a bulk match job shares with the modules around it: one row's state, the job-level
// record that is stored, the sink its changes go to, and its start options. They live apart from
// bulk-job.ts so the store, recorder and export can name them without the runner itself.
import type { BridgeError } from '../../../shared/errors';
import type { MatchCandidate } from '../../../shared/service/schemas';
import type { BulkJobView, BulkRowView } from '../../../shared/bridge/groups/match';
import type { ColumnMapping, MatchFieldValues } from '../../../shared/match/fields';
import type { ManualDecision, ReviewChoice } from '../../../shared/match/review';
import type { TextEncoding } from '../../../shared/match/encodings';
import type { ApiClient } from '../../platform/api/types';
import type { CsvSource } from './csv-source';

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
  /** The earlier line this row repeats (same key, or same name and country: duplicates.ts). */
  duplicateOf?: number;
}

/** The job-level facts that are stored (job-store.ts) and restored after a restart. */
export interface BulkJobRecord {
  id: string;
  fileName?: string;
  headers: string[];
  mapping: ColumnMapping;
  /** The encoding the file is read in (a resumed job reads the rest the same way). */
  encoding: TextEncoding;
  /** The column repeats are found by (null: none; undefined: not known until the header is read). */
  keyColumn?: string | null;
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
  /** The encoding of the file (of `source`, and of the copy kept to resume from); UTF-8 when absent. */
  encoding?: TextEncoding;
  /** The key column repeats are found by: null = none, absent = guessed from the header. */
  keyColumn?: string | null;
  concurrency: number;
  /** The active profile's payload template at start; rows retried later use the same one. */
  template: string | null;
  api: () => Promise<ApiClient>;
  now: () => number;
  onProgress: (view: BulkJobView) => void;
  /**
   * Minimum ms between progress events. Changes inside the interval are coalesced, never dropped:
   * one event carries the latest state at the interval's end, and every phase ends with one.
   */
  progressEveryMs?: number;
  /** Best candidates under this confidence wait for review (default DEFAULT_REVIEW_THRESHOLD). */
  reviewThreshold?: number;
  sink?: BulkJobSink;
  /** When the job was first started (a restored job keeps its own). */
  startedAt?: number;
}
