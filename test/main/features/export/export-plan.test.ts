import { describe, expect, it } from 'vitest';
import { planExport } from '../../../../src/main/features/export/export-plan';
import type { ExportStartInput } from '../../../../src/shared/bridge/groups/export';

describe('planExport', () => {
  it('plans the page on screen: its row count known, the chosen columns, the profile named, two clock reads', () => {
    const rows = [{ company_id: 'a' }, { company_id: 'b' }];
    const input = { source: { kind: 'rows', rows }, format: 'csv', columns: ['company_id'] } as ExportStartInput;
    let t = 1_000;
    const { job, spec } = planExport({ id: 'j1', input, of: { source: { kind: 'rows', rows } }, target: '/tmp/out/page.csv', spoolDir: '/tmp/spool', now: () => t++, profile: 'Sandbox' });
    expect(job).toMatchObject({ id: 'j1', origin: 'page', format: 'csv', fileName: 'page.csv', state: 'running', phase: 'fetching', rows: 0, pages: 0, totalRows: 2, totalPages: 1, startedAt: 1_000 });
    expect(spec).toMatchObject({ id: 'j1', format: 'csv', columns: ['company_id'], target: '/tmp/out/page.csv', spoolDir: '/tmp/spool' });
    expect(spec.about).toEqual({ query: 'the page on screen', profile: 'Sandbox', startedAt: new Date(1_001) });
  });
});
