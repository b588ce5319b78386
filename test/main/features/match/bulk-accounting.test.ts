// The rows-in accounting at the end of every bulk job: records read = rows out + rows reported
// unreadable, each on a line of its own. A reader that gives two records on one line (rows are kept
// and stored by line, so one would replace the other) ends the job with an error naming the lines,
// never with fewer rows and no word.
import { describe, expect, it, vi } from 'vitest';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { FakeMatchApi, hit } from './fake-api';

// The parser "splits oddly": when asked, it reports lines 4 and 5 both as line 4.
const odd = vi.hoisted(() => ({ on: false }));
vi.mock('../../../../src/main/features/match/csv-source', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/main/features/match/csv-source')>();
  return {
    ...real,
    async *readCsvBatches(...args: Parameters<typeof real.readCsvBatches>) {
      for await (const batch of real.readCsvBatches(...args)) yield odd.on ? batch.map((i) => (i.line === 5 ? { ...i, line: 4 } : i)) : batch;
    },
  };
});
const { BulkJob } = await import('../../../../src/main/features/match/bulk-job');

async function run(text: string) {
  const events: BulkJobView[] = [];
  const job = new BulkJob({
    id: 'job-1', source: { text }, fileName: 'odd.csv', mapping: { name: 'Company' }, concurrency: 2, template: null,
    api: async () => new FakeMatchApi((b) => hit(String(b.name))), now: () => Date.now(), onProgress: (v) => events.push(v), progressEveryMs: 0,
  });
  await job.start();
  return { job, events };
}
const FILE = ['Company', 'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].join('\n');

describe('bulk accounting', () => {
  it('a file read whole: every record is one row on its own line, the job is done', async () => {
    odd.on = false;
    const { job } = await run(FILE);
    expect(job.view()).toMatchObject({ state: 'done', total: 5 });
    expect(job.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it('two records on one line: the job fails naming the line and both counts', async () => {
    odd.on = true;
    try {
      const { job, events } = await run(FILE);
      const v = job.view();
      expect(v.state).toBe('failed');
      expect(v.error).toMatchObject({ code: 'io', details: { read: 5, kept: 4, line: 4 } });
      expect(v.error!.message).toMatch(/line 4 held more than one record, so 4 of 5 records could be kept\. The run stops rather than leave rows out/);
      // The panel hears it: the last event is the failed job with its message.
      expect(events.at(-1)).toMatchObject({ state: 'failed', error: { message: v.error!.message } });
    } finally {
      odd.on = false;
    }
  });
});
