// What a list watch must find after one sandbox epoch, from the sandbox's own change log: every
// score move, rating change (with its direction), new news item and new or changed commitment of
// the list's companies, each with the company's name. Shared by the desktop's list watch test and
// the team server's.
import { expect } from 'vitest';
import type { DataChange } from '../../../../../src/sandbox/evolution/changes';

export interface FoundEsgChange {
  kind: string;
  companyId: string;
  companyName: string | null;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  detail?: string | null;
}

const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();

/** `rows` equal `log` (already limited to the list's companies); every kind of change occurred. */
export function expectEsgChangesEqualLog(rows: readonly FoundEsgChange[], log: readonly DataChange[], names: ReadonlyMap<string, string>): void {
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const logOf = (kind: string) => log.filter((c) => c.kind === kind);
  for (const k of ['score', 'rating', 'news', 'commitment']) expect(logOf(k).length, k).toBeGreaterThan(0);
  expect(sorted(of('score').map((r) => [r.companyId, r.field, r.oldValue, r.newValue]))).toEqual(sorted(logOf('score').map((c) => [c.company_id, c.field, c.old, c.new])));
  expect(sorted(of('rating').map((r) => [r.companyId, r.oldValue, r.newValue]))).toEqual(sorted(logOf('rating').map((c) => [c.company_id, c.old, c.new])));
  expect(sorted(of('news').map((r) => [r.companyId, r.newValue]))).toEqual(sorted(logOf('news').map((c) => [c.company_id, (c.new as { title: string }).title])));
  const commitments = logOf('commitment').map((c) =>
    c.field === 'status' ? [c.company_id, 'status', (c.old as { status: string }).status, (c.new as { status: string }).status] : [c.company_id, null, null, (c.new as { title: string }).title],
  );
  expect(sorted(of('commitment').map((r) => [r.companyId, r.field, r.oldValue, r.newValue]))).toEqual(sorted(commitments));
  for (const r of of('rating')) expect(['upgrade', 'downgrade']).toContain(r.detail);
  expect(rows.every((r) => r.companyName === names.get(r.companyId))).toBe(true);
}
