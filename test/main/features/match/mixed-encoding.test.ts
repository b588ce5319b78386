// A UTF-8 file with a few lines in Windows-1252 (pasted from an older export): the file is read as
// UTF-8 and the lines that are not are named, with what to do. Before, one such line made the whole
// file Windows-1252, so every other line's "ü" became "Ã¼", and the note said the bytes "look most
// like UTF-8, which Firmscope does not read".
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileEncoding, inspectBulk } from '../../../../src/main/features/match/bulk-inspect';
import { detectEncoding, EncodingSniffer } from '../../../../src/main/features/match/encoding-detect';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Lines 2.. are "Müller Nr. i;Köln" in UTF-8; the lines in `cp1252` are "Bäckerei Groß;Düsseldorf" in Windows-1252. */
function mixedFile(lines: number, cp1252: readonly number[], eol = '\n'): Buffer {
  const parts: Buffer[] = [Buffer.from(`name;city${eol}`)];
  for (let line = 2; line <= lines; line++) {
    parts.push(cp1252.includes(line) ? Buffer.from(`Bäckerei Groß;Düsseldorf${eol}`, 'latin1') : Buffer.from(`Müller Nr. ${line};Köln${eol}`, 'utf8'));
  }
  return Buffer.concat(parts);
}

async function fileOf(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mixed-enc-'));
  dirs.push(dir);
  const file = join(dir, 'companies.csv');
  await writeFile(file, bytes);
  return file;
}

async function inspectError(file: string): Promise<{ message: string; details: Record<string, unknown> }> {
  const encoding = await fileEncoding(file, undefined);
  try {
    await inspectBulk({ filePath: file, encoding: encoding.encoding }, { encoding });
  } catch (e) {
    return e as { message: string; details: Record<string, unknown> };
  }
  throw new Error('the check passed');
}

describe('a UTF-8 file with lines in another encoding', () => {
  it('one Windows-1252 line among 1,500 UTF-8 lines: read as UTF-8, and line 1,203 named with what to do', async () => {
    const file = await fileOf(mixedFile(1_500, [1_203]));
    expect(await fileEncoding(file, undefined)).toEqual({ encoding: 'utf-8', source: 'detected', invalidLines: { lines: [1_203], count: 1 } });
    const e = await inspectError(file);
    expect(e.message).toBe(
      'Line 1,203 is not valid UTF-8; the file is otherwise UTF-8 (that line was probably pasted from a file in another encoding, such as Windows-1252). Fix that line, or save the file again as "CSV UTF-8", then open it again.',
    );
    expect(e.details).toMatchObject({ line: 1_203, encoding: 'utf-8', field: 'encoding', encodingSource: 'detected', invalidLines: 1 });
    expect(e.message).not.toMatch(/look most like|Only assumed/);
  });

  it('several such lines (CRLF endings, any chunking): the first five named, the rest counted', async () => {
    const bad = [7, 9, 40, 41, 300, 301, 302];
    const bytes = mixedFile(400, bad, '\r\n');
    for (const size of [1, 2, 3, 7, 4096]) {
      const sniffer = new EncodingSniffer();
      for (let i = 0; i < bytes.length; i += size) sniffer.feed(bytes.subarray(i, i + size));
      expect(sniffer.result(), `chunks of ${size}`).toEqual({ encoding: 'utf-8', source: 'detected', invalidLines: { lines: [7, 9, 40, 41, 300], count: 7 } });
    }
    const e = await inspectError(await fileOf(bytes));
    expect(e.message).toMatch(/^Lines 7, 9, 40, 41, 300 and 2 more are not valid UTF-8; the file is otherwise UTF-8 \(those lines were probably pasted/);
    expect(e.details).toMatchObject({ line: 7 });
  });

  it('a file in Windows-1252 throughout, or ASCII with one Windows-1252 line, is still read as Windows-1252', () => {
    const cp1252 = Buffer.from('name;city\nMüller;Köln\nGroß;Düsseldorf\n', 'latin1');
    expect(detectEncoding(cp1252)).toEqual({ encoding: 'windows-1252', source: 'detected' });
    const ascii = Buffer.concat([Buffer.from('name;city\n' + 'Acme;Berlin\n'.repeat(50)), Buffer.from('Müller;Köln\n', 'latin1')]);
    expect(detectEncoding(ascii)).toEqual({ encoding: 'windows-1252', source: 'detected' });
  });
});
