// Bulk-match files reach main in chunks: the audit's 45 MB CSV of short quoted fields (a 71 MB frame
// as one text call) now travels as frames under the host's limit, and the limit is stated in bytes
// of the file. Uses the page's own uploader (src/renderer/match/upload-file.ts) against the real core.
import { afterEach, describe, expect, it } from 'vitest';
import { uploadFile, uploadTooBig } from '../../../../src/renderer/match/upload-file';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { UPLOAD_MAX_BYTES } from '../../../../src/shared/bridge/groups/match';
import { WS_MAX_PAYLOAD } from '../../../../src/shared/bridge/ws-protocol';
import type { Result } from '../../../../src/shared/errors';
import { bootCoreBridge } from '../../../helpers/core-bridge';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot() {
  const core = await bootCoreBridge(cleanups);
  let largestFrame = 0;
  const call = async (group: string, name: string, input: unknown) => {
    const frame = JSON.stringify({ t: 'call', id: 1, ch: fnChannel(group, name), input });
    largestFrame = Math.max(largestFrame, Buffer.byteLength(frame));
    return core.call(group, name, input) as Promise<Result<never>>;
  };
  return { call, dir: core.dir, largestFrame: () => largestFrame };
}

describe('bulk-match upload in chunks', () => {
  it('carries a CSV of short quoted fields too big for one frame in frames under the host limit; main reads it by id', async () => {
    // The audit used 45 MB (a 71 MB frame); 12 MB is already past the frame limit as one call and keeps the suite fast.
    const { call, largestFrame } = await boot();
    const header = '"name","country","city"\n';
    const row = '"Acme","US","NY"\n';
    const csv = header + row.repeat(Math.floor((12_000_000 - header.length) / row.length));
    expect(csv.length).toBeGreaterThan(11_900_000);
    // As one pasted-text call it would be a frame far over the host's limit.
    expect(Buffer.byteLength(JSON.stringify({ csvText: csv }))).toBeGreaterThan(WS_MAX_PAYLOAD);
    const file = await uploadFile(new Blob([csv]), 'companies.csv', (input) => call('match', 'uploadChunk', input));
    expect(file).toMatchObject({ fileName: 'companies.csv', bytes: csv.length });
    expect(largestFrame()).toBeLessThan(2 * 1024 * 1024);
    expect(largestFrame()).toBeLessThan(WS_MAX_PAYLOAD);
    const inspect = (await call('match', 'bulkInspect', { fileId: file.fileId })) as Result<{ headers: string[] }>;
    expect(inspect.ok && inspect.value.headers).toEqual(['name', 'country', 'city']);
  }, 120_000);

  it('states the limit in bytes of the file, and refuses before anything is stored', async () => {
    const { call } = await boot();
    expect(uploadTooBig('big.csv', UPLOAD_MAX_BYTES + 1)).toMatch(/big\.csv is 50\.0 MB; the limit is 50 MB \(50,000,000 bytes\) of file/);
    expect(uploadTooBig('ok.csv', UPLOAD_MAX_BYTES)).toBeNull();
    const r = (await call('match', 'uploadChunk', { fileName: 'big.csv', totalBytes: UPLOAD_MAX_BYTES + 1, offset: 0, data: 'YQ==', last: false })) as Result<never>;
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid_input', details: { limit: UPLOAD_MAX_BYTES, unit: 'bytes' } });
    expect(!r.ok && r.error.message).toMatch(/over the limit of 50,000,000 bytes/);
  });

  it('refuses chunks out of order, longer than announced, or too large for one frame', async () => {
    const { call } = await boot();
    const first = (await call('match', 'uploadChunk', { fileName: 'a.csv', totalBytes: 4, offset: 0, data: Buffer.from('ab').toString('base64'), last: false })) as Result<{ uploadId: string }>;
    expect(first.ok).toBe(true);
    const uploadId = first.ok ? first.value.uploadId : '';
    const gap = (await call('match', 'uploadChunk', { uploadId, fileName: 'a.csv', totalBytes: 4, offset: 3, data: 'YQ==', last: true })) as Result<never>;
    expect(!gap.ok && gap.error.message).toMatch(/out of order/);
    const again = (await call('match', 'uploadChunk', { uploadId, fileName: 'a.csv', totalBytes: 4, offset: 2, data: 'YQ==', last: true })) as Result<never>;
    expect(!again.ok && again.error.code).toBe('not_found');
    const long = (await call('match', 'uploadChunk', { fileName: 'b.csv', totalBytes: 1, offset: 0, data: Buffer.from('abc').toString('base64'), last: true })) as Result<never>;
    expect(!long.ok && long.error.message).toMatch(/longer than announced/);
    const huge = (await call('match', 'uploadChunk', { fileName: 'c.csv', totalBytes: 3_000_000, offset: 0, data: Buffer.alloc(2_000_000).toString('base64'), last: false })) as Result<never>;
    expect(!huge.ok && huge.error.code).toBe('invalid_input');
    const ok = (await call('match', 'uploadChunk', { fileName: 'd.csv', totalBytes: 6, offset: 0, data: Buffer.from('x,y\n1,').toString('base64'), last: true })) as Result<{ file: { fileId: string } }>;
    expect(ok.ok).toBe(true);
  });
});
