// Each CSV preset's exact bytes through the one tabular writer: byte-order mark, delimiter, quoting,
// decimal mark, line ends and the formula prefix, plus the count of cells the prefix touched and a
// bulk-match input's own encoding (refusing what it cannot hold, never a silent "?").
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeSeparators, presetCsvOptions } from '../../../../src/shared/export/csv-presets';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { openTableFile, type TableFileSpec } from '../../../../src/main/platform/tabular/table-file';
import { unrepresentable } from '../../../../src/main/platform/tabular/csv-encoding';

let dir: string;
let journal: ExportJournal;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-csv-presets-'));
  journal = new ExportJournal(join(dir, 'journal'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(csv: TableFileSpec['csv'], rows: unknown[][]): Promise<{ bytes: Buffer; neutralised: number }> {
  const path = join(dir, `p${++n}.csv`);
  const file = await openTableFile(await AtomicTarget.open(path, journal, `p${n}`), { format: 'csv', columns: COLUMNS, csv });
  await file.writeRows(rows);
  const neutralised = file.neutralisedCells();
  await file.finish();
  return { bytes: await readFile(path), neutralised };
}

const COLUMNS = ['id', 'plz', 'phone', 'name', 'date', 'n', 'd'];
const ROWS = [
  ['DE0012345', '09578', '+49 30 1234567', 'Ødegård Müller', '2024-03-05', 1554, 12.5],
  ['00123', '01067', '=1+1', 'Zoë "Z" Ltd; Co', '2023-12-31', -3, -0.25],
];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf8 = (s: string) => Buffer.from(s, 'utf8');

describe('CSV presets, exact bytes', () => {
  it('Excel on this computer, de-DE: BOM, ; and decimal comma, every text quoted (ISO dates bare), CRLF, prefix', async () => {
    const { bytes, neutralised } = await write(presetCsvOptions('excel', localeSeparators('de-DE')), ROWS);
    expect(bytes).toEqual(
      Buffer.concat([
        BOM,
        utf8(
          '"id";"plz";"phone";"name";"date";"n";"d"\r\n' +
            `"DE0012345";"09578";"'+49 30 1234567";"Ødegård Müller";2024-03-05;1554;"12,5"\r\n` +
            `"00123";"01067";"'=1+1";"Zoë ""Z"" Ltd; Co";2023-12-31;-3;"-0,25"\r\n`,
        ),
      ]),
    );
    expect(neutralised).toBe(2);
  });

  it('Excel on this computer, en-US: BOM, , and decimal point, CRLF', async () => {
    const { bytes } = await write(presetCsvOptions('excel', localeSeparators('en-US')), ROWS.slice(0, 1));
    expect(bytes).toEqual(
      Buffer.concat([BOM, utf8('"id","plz","phone","name","date","n","d"\r\n' + `"DE0012345","09578","'+49 30 1234567","Ødegård Müller",2024-03-05,1554,12.5\r\n`)]),
    );
  });

  it('Data tools: RFC 4180 with LF, no BOM, no prefix, quotes only where needed', async () => {
    const { bytes, neutralised } = await write(presetCsvOptions('data', localeSeparators('de-DE')), ROWS);
    expect(bytes.toString('utf8')).toBe(
      'id,plz,phone,name,date,n,d\n' + 'DE0012345,09578,+49 30 1234567,Ødegård Müller,2024-03-05,1554,12.5\n' + '00123,01067,=1+1,"Zoë ""Z"" Ltd; Co",2023-12-31,-3,-0.25\n',
    );
    expect(neutralised).toBe(0);
  });

  it('Custom: tab, BOM, LF, prefix on', async () => {
    const { bytes, neutralised } = await write(
      presetCsvOptions('custom', localeSeparators('de-DE'), { delimiter: '\t', bom: true, lineEnding: 'lf', formulaPrefix: true }),
      ROWS.slice(0, 1),
    );
    expect(bytes).toEqual(Buffer.concat([BOM, utf8('id\tplz\tphone\tname\tdate\tn\td\n' + "DE0012345\t09578\t'+49 30 1234567\tØdegård Müller\t2024-03-05\t1554\t12.5\n")]));
    expect(neutralised).toBe(1);
  });

  it('with no options writes what the app always wrote: comma, CRLF, no BOM, prefix on', async () => {
    const { bytes } = await write({}, ROWS.slice(0, 1));
    expect(bytes.toString('utf8')).toBe('id,plz,phone,name,date,n,d\r\n' + "DE0012345,09578,'+49 30 1234567,Ødegård Müller,2024-03-05,1554,12.5\r\n");
  });
});

describe('CSV in a bulk-match input encoding', () => {
  it('writes Windows-1252 bytes (no BOM exists there)', async () => {
    const { bytes } = await write({ delimiter: ';', bom: true, encoding: 'windows-1252' }, [['1', '2', '3', 'Ødegård Müller €', '', 1, 2]]);
    const line = Buffer.from([...utf8('1;2;3;'), 0xd8, 0x64, 0x65, 0x67, 0xe5, 0x72, 0x64, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80, ...utf8(';;1;2\r\n')]);
    expect(bytes).toEqual(Buffer.concat([utf8('id;plz;phone;name;date;n;d\r\n'), line]));
  });

  it('writes UTF-16 LE with its BOM', async () => {
    const { bytes } = await write({ bom: true, encoding: 'utf-16le' }, []);
    expect(bytes).toEqual(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id,plz,phone,name,date,n,d\r\n', 'utf16le')]));
  });

  it('refuses a character the encoding cannot hold, naming it, instead of writing "?"', async () => {
    expect(unrepresentable('Łódź', 'windows-1252')).toBe('Ł');
    expect(unrepresentable('Ødegård €', 'windows-1252')).toBeNull();
    expect(unrepresentable('€', 'iso-8859-15')).toBeNull();
    await expect(write({ encoding: 'windows-1252' }, [['Łódź']])).rejects.toThrow('Windows-1252 cannot hold the character "Ł" (U+0141). Export as UTF-8 instead.');
  });
});
