// Repeated rows in a bulk file (issue 26, item 11): the same key, or the same name and country (case,
// spacing, a country's name or code aside), are flagged with the earlier line they repeat, and a
// repeat with the same facts is matched once: it waits for the earlier row's answer and takes it,
// through a failure and Retry too, and after a restart. Before, each was sent and nothing said so.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { BulkJob, type BulkJobRecord, type BulkRowState } from '../../../../src/main/features/match/bulk-job';
import { guessKeyColumn } from '../../../../src/main/features/match/duplicates';
import { inspectBulk } from '../../../../src/main/features/match/bulk-inspect';
import { FakeMatchApi, hit } from './fake-api';

function makeJob(text: string, api: FakeMatchApi, keyColumn?: string | null) {
  const events: BulkJobView[] = [];
  const job = new BulkJob({
    id: 'job-1',
    source: { text },
    mapping: { name: 'Company', country: 'Country', website: 'Web' },
    ...(keyColumn !== undefined ? { keyColumn } : {}),
    concurrency: 4,
    template: null,
    api: async () => api,
    now: () => Date.now(),
    onProgress: (v) => events.push(v),
    progressEveryMs: 0,
  });
  return { job, events };
}

const FILE = [
  'ref,Company,Country,Web',
  'K1,Acme GmbH,DE,acme.example', // 2
  'K2,Beta AG,DE,', // 3
  'K1,Acme GmbH,DE,acme.example', // 4: same ref as 2, same facts: reuses 2
  'K3,  beta   ag ,Germany,', // 5: same name and country as 3 (case, spaces, "Germany" = DE): reuses 3
  'K2,Gamma SE,FR,', // 6: same ref as 3, another company: flagged, matched on its own
  'K4,Acme GmbH,AT,', // 7: same name, another country: not a repeat
].join('\n');

describe('which column is the key', () => {
  it('guesses the analyst\'s own id column from its name', () => {
    expect(guessKeyColumn(['Company', 'ref', 'Country'])).toBe('ref');
    expect(guessKeyColumn(['Name', 'Customer ID'])).toBe('Customer ID');
    expect(guessKeyColumn(['Firma', 'Kundennr', 'Land'])).toBe('Kundennr');
    expect(guessKeyColumn(['Firma', 'Debitor-Nr'])).toBe('Debitor-Nr');
    expect(guessKeyColumn(['Company', 'Country', 'City'])).toBeNull();
  });
});

describe('repeated rows in the check before the run', () => {
  it('lists each repeat with the line it repeats and why; the key column can be changed or turned off', async () => {
    const r = await inspectBulk({ text: FILE }, {});
    expect(r).toMatchObject({ keyColumn: 'ref', suggestedKey: 'ref' });
    expect(r.repeats).toEqual({
      count: 3,
      reused: 2,
      items: [
        { line: 4, of: 2, reason: 'key', value: 'K1', reused: true },
        { line: 5, of: 3, reason: 'name', value: 'beta   ag, Germany', reused: true },
        { line: 6, of: 3, reason: 'key', value: 'K2', reused: false },
      ],
    });
    // Without a key column only the same name and country count.
    const none = await inspectBulk({ text: FILE }, { keyColumn: null });
    expect(none.keyColumn).toBeNull();
    expect(none.repeats.items.map((i) => [i.line, i.of, i.reason])).toEqual([
      [4, 2, 'name'],
      [5, 3, 'name'],
    ]);
    // Another mapping: the name is read from another column.
    const byRef = await inspectBulk({ text: FILE }, { keyColumn: null, mapping: { name: 'ref' } });
    expect(byRef.repeats.items.map((i) => [i.line, i.of])).toEqual([
      [4, 2],
      [6, 3],
    ]);
  });
});

describe('repeated rows in the run', () => {
  it('flags repeats and sends a repeat with the same facts once, its answer reused', async () => {
    const api = new FakeMatchApi((b) => hit(String(b.name)), 20);
    const { job } = makeJob(FILE, api);
    await job.start();
    expect(job.view()).toMatchObject({ state: 'done', total: 6, matched: 6 });
    // Lines 2, 3, 6 and 7 are asked; 4 and 5 take the answers of 2 and 3.
    expect(api.calls.map((c) => c.name)).toEqual(['Acme GmbH', 'Beta AG', 'Gamma SE', 'Acme GmbH']);
    const at = (line: number) => job.rows.find((r) => r.line === line)!;
    expect([2, 3, 4, 5, 6, 7].map((l) => at(l).duplicateOf)).toEqual([undefined, undefined, 2, 3, 3, undefined]);
    expect(at(4).best).toEqual(at(2).best);
    expect(at(5).best?.company.company_id).toBe('id-Beta AG');
    expect(at(6).best?.company.company_id).toBe('id-Gamma SE');
    expect(job.rowView(at(5))).toMatchObject({ line: 5, duplicateOf: 3, state: 'matched' });
  });

  it('a repeat of a row whose request failed says so, and Retry asks once for both', async () => {
    let failBeta = true;
    const api = new FakeMatchApi((b) => {
      if (String(b.name) === 'Beta AG' && failBeta) return new AppError('server_error', 'The service answered 503.');
      return hit(String(b.name));
    }, 5);
    const { job } = makeJob(FILE, api, null);
    await job.start();
    const at = (line: number) => job.rows.find((r) => r.line === line)!;
    expect(at(3).state).toBe('error');
    expect(at(5)).toMatchObject({ state: 'error', duplicateOf: 3 });
    expect(at(5).error?.message).toBe('Line 5: not sent, because it repeats line 3, whose request failed (The service answered 503.). Retry sends line 3 once for both.');
    expect(api.calls.filter((c) => c.name === 'Beta AG')).toHaveLength(1);
    failBeta = false;
    api.calls = [];
    await job.retryFailures();
    expect(api.calls.map((c) => c.name)).toEqual(['Beta AG']);
    expect(at(5)).toMatchObject({ state: 'matched', best: { company: { company_id: 'id-Beta AG' } } });
  });

  it('a job restored after a restart keeps its flags and reuses an answer given before the restart', async () => {
    const api = new FakeMatchApi((b) => hit(String(b.name)));
    const rec: BulkJobRecord = {
      id: 'job-1', headers: ['ref', 'Company', 'Country', 'Web'], mapping: { name: 'Company', country: 'Country', website: 'Web' }, encoding: 'utf-8', keyColumn: 'ref',
      template: null, concurrency: 2, threshold: 0.8, state: 'running', readDone: true, startedAt: 1,
    };
    const acme = hit('Acme GmbH').result[1];
    const rows: BulkRowState[] = [
      { line: 2, input: { name: 'Acme GmbH', country: 'DE', website: 'acme.example' }, values: ['K1', 'Acme GmbH', 'DE', 'acme.example'], state: 'matched', best: acme, candidates: 2 },
      { line: 4, input: { name: 'Acme GmbH', country: 'DE', website: 'acme.example' }, values: ['K1', 'Acme GmbH', 'DE', 'acme.example'], state: 'pending', duplicateOf: 2 },
    ];
    const job = BulkJob.restore({ api: async () => api, now: () => Date.now(), onProgress: () => {}, progressEveryMs: 0 }, rec, rows);
    await job.resume(null);
    expect(api.calls).toEqual([]);
    expect(job.rows[1]).toMatchObject({ line: 4, state: 'matched', duplicateOf: 2, best: acme });
  });
});
