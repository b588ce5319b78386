// Where a bulk match job is, as one value. It replaces five flags that had to agree (state, reading,
// readDone, interrupted, and "resumed" as a guard), so combinations that cannot happen (reading a
// file after the run ended, resuming a job that is already running) cannot be written down either.
//
//   new job ──start()──► running ──run ends──► ended ──retryFailures()──► running
//   restored running job: waiting ──resume()──► running
//   interrupt() (the app shuts down) marks the phase: its end is not stored, so it resumes at next start.
import type { BulkJobView } from '../../../shared/bridge/groups/match';

export type EndState = Exclude<BulkJobView['state'], 'running'>;

export type BulkPhase =
  /** Restored from the database as running: waits for resume(); `readDone` as stored. */
  | { kind: 'waiting'; readDone: boolean; interrupted: boolean }
  /** A run goes on; `reading` while rows still come from the file. */
  | { kind: 'running'; reading: boolean; readDone: boolean; interrupted: boolean }
  /** No run goes on. */
  | { kind: 'ended'; state: EndState; readDone: boolean; interrupted: boolean };

/** A new job: about to read its file. */
export const NEW_JOB_PHASE: BulkPhase = { kind: 'running', reading: true, readDone: false, interrupted: false };

/** The phase of a job as the database kept it. */
export function storedPhase(state: BulkJobView['state'], readDone: boolean): BulkPhase {
  return state === 'running' ? { kind: 'waiting', readDone, interrupted: false } : { kind: 'ended', state, readDone, interrupted: false };
}

/** The job's state as the screens and the database know it. */
export function stateOf(p: BulkPhase): BulkJobView['state'] {
  return p.kind === 'ended' ? p.state : 'running';
}

/** Whether rows still come (or, for a job waiting to resume, are still to come) from the file. */
export function readingOf(p: BulkPhase): boolean {
  if (p.kind === 'running') return p.reading;
  return p.kind === 'waiting' && !p.readDone;
}

/**
 * The phase after a run: ended in `state`. An interrupted run (app shutdown) keeps what was stored
 * (`readDone`); any other end reads no more of the file later.
 */
export function endedPhase(p: BulkPhase, state: EndState): BulkPhase {
  return { kind: 'ended', state, readDone: p.interrupted ? p.readDone : true, interrupted: p.interrupted };
}
