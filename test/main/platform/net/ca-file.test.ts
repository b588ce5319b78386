// The company CA file is read bounded (issue 28 M1): a FIFO, a device, a folder, a file over 1 MiB are
// refused at once with one neutral text (the page learns nothing about what exists on disk), and a
// good PEM, also through a symlink, is read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CA_FILE_MAX_BYTES, readCaFile } from '../../../../src/main/platform/net/network-config';

const dir = mkdtempSync(join(tmpdir(), 'ca-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
const NEUTRAL = /could not be used: choose a PEM certificate file \(a file of at most 1 MiB with -----BEGIN CERTIFICATE-----/;

/** Refused without reading what is there: a FIFO without a writer would hang the read (the test's timeout). */
async function refusedQuickly(path: string) {
  const err = await readCaFile(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ code: 'invalid_input', details: { field: 'caFile' } });
  expect((err as Error).message).toMatch(NEUTRAL);
  return (err as Error).message.replace(path, '<path>');
}

describe('readCaFile', () => {
  it('reads a PEM file, directly or through a symlink', async () => {
    writeFileSync(join(dir, 'ca.pem'), PEM);
    symlinkSync(join(dir, 'ca.pem'), join(dir, 'link.pem'));
    expect(await readCaFile(join(dir, 'ca.pem'))).toBe(PEM);
    expect(await readCaFile(join(dir, 'link.pem'))).toBe(PEM);
  });

  it('refuses a FIFO, /dev/zero (also behind a symlink), a folder, a 2 MiB file, a missing file and a non-PEM file, each at once and in the same words', async () => {
    execFileSync('mkfifo', [join(dir, 'fifo.pem')]);
    symlinkSync('/dev/zero', join(dir, 'zero.pem'));
    mkdirSync(join(dir, 'folder.pem'));
    writeFileSync(join(dir, 'big.pem'), PEM + 'x'.repeat(2 * 1024 * 1024));
    writeFileSync(join(dir, 'plain.txt'), 'not a certificate');
    expect(2 * 1024 * 1024).toBeGreaterThan(CA_FILE_MAX_BYTES);
    const texts = new Set<string>();
    for (const p of ['fifo.pem', 'zero.pem', 'folder.pem', 'big.pem', 'missing.pem', 'plain.txt']) texts.add(await refusedQuickly(join(dir, p)));
    texts.add(await refusedQuickly('/dev/zero'));
    expect(texts.size).toBe(1);
  });
});
