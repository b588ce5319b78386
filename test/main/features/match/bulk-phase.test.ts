import { describe, expect, it } from 'vitest';
import { endedPhase, NEW_JOB_PHASE, readingOf, stateOf, storedPhase } from '../../../../src/main/features/match/bulk-phase';

describe('bulk job phase', () => {
  it('a new job runs and reads its file', () => {
    expect(stateOf(NEW_JOB_PHASE)).toBe('running');
    expect(readingOf(NEW_JOB_PHASE)).toBe(true);
  });

  it('a stored running job waits to resume, reading only when its file was not read to the end', () => {
    expect(storedPhase('running', false)).toEqual({ kind: 'waiting', readDone: false, interrupted: false });
    expect(stateOf(storedPhase('running', true))).toBe('running');
    expect(readingOf(storedPhase('running', false))).toBe(true);
    expect(readingOf(storedPhase('running', true))).toBe(false);
  });

  it('a stored ended job reads nothing', () => {
    expect(storedPhase('failed', false)).toEqual({ kind: 'ended', state: 'failed', readDone: false, interrupted: false });
    expect(readingOf(storedPhase('done', true))).toBe(false);
  });

  it('a run that ends reads no more of the file, unless the app interrupted it', () => {
    expect(endedPhase({ kind: 'running', reading: true, readDone: false, interrupted: false }, 'cancelled')).toEqual({ kind: 'ended', state: 'cancelled', readDone: true, interrupted: false });
    expect(endedPhase({ kind: 'running', reading: true, readDone: false, interrupted: true }, 'cancelled')).toEqual({ kind: 'ended', state: 'cancelled', readDone: false, interrupted: true });
  });
});
