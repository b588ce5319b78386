// A bulk job's stored form both ways: the record written after each change of the job (job-store.ts
// keeps it), and what rebuilds a job from that record after a restart (its options and run state).
import type { BridgeError } from '../../../shared/errors';
import type { BulkJobOptions, BulkJobRecord } from './bulk-job-types';

/** The options a restored job is started with besides those its stored record holds. */
export type RestoreOptions = Omit<BulkJobOptions, 'id' | 'source' | 'mapping' | 'template' | 'concurrency' | 'fileName' | 'encoding' | 'keyColumn'>;

/** The run state of a job that the record carries (rows apart). */
export interface StoredRunState {
  state: BulkJobRecord['state'];
  readDone: boolean;
  /** Still reading the file: a running job stopped before its end resumes reading it. */
  reading: boolean;
  fatal: BridgeError | undefined;
  finishedAt: number | undefined;
}

/** What is stored about a job itself, from its options and current facts. */
export function jobRecord(
  opts: BulkJobOptions,
  f: { headers: string[]; threshold: number; startedAt: number; keyColumn: string | null | undefined } & Omit<StoredRunState, 'reading'>,
): BulkJobRecord {
  return {
    id: opts.id,
    ...(opts.fileName !== undefined ? { fileName: opts.fileName } : {}),
    headers: f.headers,
    mapping: opts.mapping,
    encoding: opts.encoding ?? 'utf-8',
    ...(f.keyColumn !== undefined ? { keyColumn: f.keyColumn } : {}),
    template: opts.template,
    concurrency: opts.concurrency,
    threshold: f.threshold,
    state: f.state,
    readDone: f.readDone,
    ...(f.fatal ? { error: f.fatal } : {}),
    startedAt: f.startedAt,
    ...(f.finishedAt !== undefined ? { finishedAt: f.finishedAt } : {}),
  };
}

/** The options that rebuild a job from its stored record. */
export function optionsFromRecord(opts: RestoreOptions, rec: BulkJobRecord): BulkJobOptions {
  return {
    ...opts,
    id: rec.id,
    ...(rec.fileName !== undefined ? { fileName: rec.fileName } : {}),
    mapping: rec.mapping,
    encoding: rec.encoding,
    ...(rec.keyColumn !== undefined ? { keyColumn: rec.keyColumn } : {}),
    template: rec.template,
    concurrency: rec.concurrency,
    reviewThreshold: rec.threshold,
    startedAt: rec.startedAt,
  };
}

/** The run state a restored job continues from. */
export function runStateFromRecord(rec: BulkJobRecord): StoredRunState {
  return {
    state: rec.state,
    readDone: rec.readDone,
    reading: rec.state === 'running' && !rec.readDone,
    fatal: rec.error,
    finishedAt: rec.finishedAt,
  };
}
