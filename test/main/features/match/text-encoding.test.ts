// Bulk-match files are decoded by detection, not assumption: a BOM first, then UTF-16 by its NUL
// bytes, then UTF-8 when every byte is valid UTF-8, then chardet for the code pages Excel writes.
// Real byte sequences, written out by hand: before this, every file was read as UTF-8, so
// Windows-1252's "Straße" became "Stra�e" and a UTF-16 file became NUL-laden garbage.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectEncoding, detectFileEncoding } from '../../../../src/main/features/match/encoding-detect';
import { decodeChunks, EncodingError } from '../../../../src/main/features/match/text-decoding';
import { inspectCsv } from '../../../../src/main/features/match/csv-inspect';
import { readCsv, type CsvItem } from '../../../../src/main/features/match/csv-source';
import type { TextEncoding } from '../../../../src/shared/match/encodings';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
/** Latin text as UTF-16 code units, little- or big-endian (ASCII and Latin-1 only: one unit per char). */
const utf16 = (text: string, be: boolean) => Buffer.from([...text].flatMap((c) => (be ? [0, c.charCodeAt(0)] : [c.charCodeAt(0), 0])));

/** Decodes `b` in chunks of `size` bytes (characters and CRLFs cut across chunk ends). */
async function decode(b: Uint8Array, encoding: TextEncoding, size = 5): Promise<string> {
  async function* chunks() {
    for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
  }
  let out = '';
  for await (const s of decodeChunks(chunks(), encoding)) out += s;
  return out;
}
async function decodeError(b: Uint8Array, encoding: TextEncoding, size = 5): Promise<EncodingError> {
  try {
    await decode(b, encoding, size);
  } catch (e) {
    if (e instanceof EncodingError) return e;
    throw e;
  }
  throw new Error('no error');
}

// "ref;Straße;Ort\nK1;Großkunde;Düsseldorf\nK2;Preis € 5;Köln\n" in Windows-1252: ß DF, ü FC, ö F6, € 80.
const CP1252 = bytes('ref;Stra', [0xdf], 'e;Ort\nK1;Gro', [0xdf], 'kunde;D', [0xfc], 'sseldorf\nK2;Preis ', [0x80], ' 5;K', [0xf6], 'ln\n');
const TEXT = 'ref;Straße;Ort\nK1;Großkunde;Düsseldorf\nK2;Preis € 5;Köln\n';

describe('which encoding a file is in', () => {
  it('a UTF-8 BOM says UTF-8, and the BOM is not part of the text', async () => {
    const b = bytes([0xef, 0xbb, 0xbf], 'Stra', [0xc3, 0x9f], 'e\n');
    expect(detectEncoding(b)).toEqual({ encoding: 'utf-8', source: 'bom' });
    expect(await decode(b, 'utf-8', 1)).toBe('Straße\n');
  });

  it('UTF-16 LE and BE with a BOM', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), utf16('Straße;€\n', false)]);
    // € is U+20AC: not Latin-1, so written as its two bytes by hand.
    le.writeUInt16LE(0x20ac, le.length - 4);
    expect(detectEncoding(le)).toEqual({ encoding: 'utf-16le', source: 'bom' });
    expect(await decode(le, 'utf-16le', 3)).toBe('Straße;€\n');
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16('Düsseldorf\n', true)]);
    expect(detectEncoding(be)).toEqual({ encoding: 'utf-16be', source: 'bom' });
    expect(await decode(be, 'utf-16be', 3)).toBe('Düsseldorf\n');
  });

  it('UTF-16 LE and BE without a BOM, by the NUL byte in every other position', async () => {
    const le = utf16(TEXT.replace('€', 'EUR'), false);
    expect(detectEncoding(le)).toEqual({ encoding: 'utf-16le', source: 'detected' });
    expect(await decode(le, 'utf-16le')).toBe(TEXT.replace('€', 'EUR'));
    const be = utf16('name,city\nGroßkunde,Köln\n', true);
    expect(detectEncoding(be)).toEqual({ encoding: 'utf-16be', source: 'detected' });
    expect(await decode(be, 'utf-16be')).toBe('name,city\nGroßkunde,Köln\n');
  });

  it('Windows-1252: umlauts, ß and € (0x80) read as the analyst typed them', async () => {
    expect(detectEncoding(CP1252)).toEqual({ encoding: 'windows-1252', source: 'detected' });
    expect(await decode(CP1252, 'windows-1252')).toBe(TEXT);
  });

  it('ISO-8859-15: € is 0xA4 and there is nothing in 0x80-0x9F', async () => {
    const b = bytes('name;Preis\nM', [0xfc], 'ller;5 ', [0xa4], '\nSt', [0xf6], 'rk;7 ', [0xa4], '\n');
    expect(detectEncoding(b)).toEqual({ encoding: 'iso-8859-15', source: 'detected' });
    expect(await decode(b, 'iso-8859-15')).toBe('name;Preis\nMüller;5 €\nStörk;7 €\n');
    // The same bytes in Windows-1252 would say ¤: the choice matters.
    expect(await decode(b, 'windows-1252')).toContain('5 ¤');
  });

  it('prefers UTF-8 when every byte is valid UTF-8 (ASCII included)', () => {
    expect(detectEncoding(Buffer.from(TEXT, 'utf8'))).toEqual({ encoding: 'utf-8', source: 'detected' });
    expect(detectEncoding(Buffer.from('name,country\nAcme,DE\n'))).toEqual({ encoding: 'utf-8', source: 'detected' });
  });

  it('reads the whole file before calling it UTF-8: one Windows-1252 byte past the first megabyte decides', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'enc-'));
    dirs.push(dir);
    const file = join(dir, 'late.csv');
    const ascii = 'name,city\n' + 'Acme,Berlin\n'.repeat(100_000);
    await writeFile(file, Buffer.concat([Buffer.from(ascii), bytes('M', [0xfc], 'ller,K', [0xf6], 'ln\n')]));
    expect(await detectFileEncoding(file)).toEqual({ encoding: 'windows-1252', source: 'detected' });
  });
});

describe('bytes that are not text in the chosen encoding name their line', () => {
  it('invalid UTF-8 on line 7, whichever line ends and however the file is cut into chunks', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const lines = ['name,city', 'A,x', 'B,x', 'C,x', '"D', 'E",x', 'F,x'];
      lines[6] = 'D' + String.fromCharCode(0xfc) + 'sseldorf,x'; // Windows-1252 ü: not UTF-8
      const b = Buffer.from(lines.join(eol) + eol, 'latin1');
      for (const size of [1, 2, 3, 7, 64]) {
        const e = await decodeError(b, 'utf-8', size);
        expect(e.message).toBe("Line 7 is not valid UTF-8: choose the file's encoding above.");
        expect(e.details).toMatchObject({ line: 7, encoding: 'utf-8', field: 'encoding' });
      }
    }
  });

  it('a UTF-8 sequence cut short, an overlong form, and a file that ends mid-character', async () => {
    expect((await decodeError(bytes('a\nb', [0xc3], '\n'), 'utf-8')).line).toBe(2);
    expect((await decodeError(bytes('a\n\nb', [0xc0, 0xaf]), 'utf-8')).line).toBe(3);
    expect((await decodeError(bytes('a\nb', [0xe2, 0x82]), 'utf-8')).message).toMatch(/^Line 2 is not valid UTF-8: the file ends in the middle of a character/);
    expect((await decodeError(Buffer.concat([utf16('a\nb', false), Buffer.from([0x62])]), 'utf-16le')).message).toMatch(/^Line 2 is not valid UTF-16 LE: the file ends/);
  });

  it('a UTF-16 file read as UTF-8 or Windows-1252 says so, instead of reading NULs', async () => {
    const le = utf16('name\nAcme\n', false);
    expect((await decodeError(le, 'utf-8')).message).toMatch(/^Line 1 holds NUL bytes, which UTF-8 text does not \(UTF-16 text does\)/);
    expect((await decodeError(le, 'windows-1252')).message).toMatch(/^Line 1 holds NUL bytes, which Windows-1252 text does not/);
  });

  it('a Windows-1252 € read as ISO-8859-15 is a control character there: line 3', async () => {
    expect((await decodeError(CP1252, 'iso-8859-15')).message).toBe("Line 3 is not valid ISO-8859-15 (byte 0x80 is a control character there): choose the file's encoding above.");
  });

  it('a lone UTF-16 surrogate', async () => {
    const b = Buffer.concat([utf16('a\nb\n', false), Buffer.from([0x00, 0xdc])]);
    expect((await decodeError(b, 'utf-16le', 2)).line).toBe(3);
  });

  it('an emoji (a surrogate pair) cut between two chunks is one character', async () => {
    const b = Buffer.from('name\n😀 GmbH\n', 'utf16le');
    for (const size of [1, 2, 3, 4, 5]) expect(await decode(b, 'utf-16le', size)).toBe('name\n😀 GmbH\n');
    const u8 = Buffer.from('name\n😀 GmbH\n', 'utf8');
    for (const size of [1, 2, 3]) expect(await decode(u8, 'utf-8', size)).toBe('name\n😀 GmbH\n');
  });
});

describe('the CSV reader decodes files in their encoding', () => {
  it('reads a Windows-1252 file from disk with its header and cells as typed; as UTF-8 it names the line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'enc-csv-'));
    dirs.push(dir);
    const file = join(dir, 'ansi.csv');
    await writeFile(file, CP1252);
    const items: CsvItem[] = [];
    for await (const it of readCsv({ filePath: file, encoding: 'windows-1252' })) items.push(it);
    expect(items).toEqual([
      { kind: 'row', line: 2, record: { ref: 'K1', Straße: 'Großkunde', Ort: 'Düsseldorf' } },
      { kind: 'row', line: 3, record: { ref: 'K2', Straße: 'Preis € 5', Ort: 'Köln' } },
    ]);
    const preview = await inspectCsv({ filePath: file, encoding: 'windows-1252' });
    expect(preview).toMatchObject({ headers: ['ref', 'Straße', 'Ort'], delimiter: ';', rows: 2 });
    await expect(inspectCsv({ filePath: file, encoding: 'utf-8' })).rejects.toMatchObject({ message: "Line 1 is not valid UTF-8: choose the file's encoding above." });
  });

  it('reads a UTF-16 LE file with a BOM (Excel\'s "Unicode Text": tab-separated)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'enc-csv-'));
    dirs.push(dir);
    const file = join(dir, 'unicode.txt');
    await writeFile(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ref\tFirma\r\nK1\tGroßkunde € AG\r\n', 'utf16le')]));
    const info = await detectFileEncoding(file);
    expect(info).toEqual({ encoding: 'utf-16le', source: 'bom' });
    const items: CsvItem[] = [];
    for await (const it of readCsv({ filePath: file, encoding: info.encoding })) items.push(it);
    expect(items).toEqual([{ kind: 'row', line: 2, record: { ref: 'K1', Firma: 'Großkunde € AG' } }]);
  });
});
