// The page transcoder (bytes straight to CSV) against the standard path it stands in for
// (TextDecoder + JSON.parse + zod/fast check + ColumnUnion + csvEncoder): for any page text,
// including ones JSON.parse refuses, an export's pages come out identical, errors included. And it
// must really take the pages the service sends, or the speed it exists for is gone.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CsvPageEncoding, type CsvLayout } from '../../../../src/main/export/encoder/encode-page';
import { PageTranscoder } from '../../../../src/main/export/encoder/page-transcoder';
import { ColumnUnion } from '../../../../src/main/export/column-union';
import { csvEncoder, type CsvDelimiter } from '../../../../src/main/export/writers/csv-encode';
import { generateCompanies } from '../../../../src/sandbox/dataset';

const space = fc.constantFrom('', '', '', ' ', '\n  ', '\t', '\r\n');
// Rare picks are text JSON.parse refuses or that the transcoder leaves to it: every page that has
// one must still come out as the standard path makes it (or fail as it fails).
const rare = <T>(common: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) => fc.oneof({ weight: 40, arbitrary: common }, { weight: 1, arbitrary: odd });
const NUMBER_TEXTS = ['0', '-0', '7', '-5', '12.5', '1.50', '0.000001', '0.0000001', '1e3', '1E+3', '2.5e-2', '123456789012345', '1234567890123456', '9007199254740993', '1e21', '100000000000000000000', '-0.0'];
const number = rare(
  fc.oneof(fc.constantFrom(...NUMBER_TEXTS), fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d))),
  fc.constantFrom('01', '1.', '.5', '+1', '0x1', '-', '1e'),
);
// Characters that matter to CSV, to the formula rule, to JSON escaping and to UTF-8.
const text = fc.string({ unit: fc.constantFrom('a', 'Z', ',', ';', '|', '\t', '"', '\\', '\n', '=', '+', '-', '@', ' ', "'", '1', '.', 'e', 'é', '😀', '\u0001', '\u2028') });
/** A JSON string literal, as JSON.stringify writes it or with some characters as \u escapes. */
const stringLiteral = fc.tuple(text, fc.boolean()).map(([s, escapeMore]) => {
  const json = JSON.stringify(s);
  return escapeMore ? json.replace(/[a=+é]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
});
const brokenString = fc.constantFrom('"a\u0001b"', '"bad \\x escape"', '"\\u12"', '"open');
const literal = rare(fc.constantFrom('true', 'false', 'null'), fc.constantFrom('nul', 'True'));
const key = rare(fc.constantFrom('name', 'a', 'b', 'a.b', 'c', 'tags', 'é', 'x y', ''), fc.constantFrom('company_id', '1', '__proto__', 'k\\u0041', 'bad\u0001')).map((k) => `"${k}"`);

/** Members with distinct names, now and then a repeated one (JSON.parse keeps the last value). */
const members = (value: fc.Arbitrary<string>, maxLength: number) =>
  rare(
    fc.uniqueArray(fc.tuple(key, value), { maxLength, selector: ([k]) => k }),
    fc.array(fc.tuple(key, value), { minLength: 2, maxLength }),
  );

const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 30, arbitrary: stringLiteral },
    { weight: 20, arbitrary: number },
    { weight: 10, arbitrary: literal },
    { weight: 10, arbitrary: tie('array') },
    { weight: 10, arbitrary: tie('object') },
    { weight: 1, arbitrary: brokenString },
  ),
  array: fc.tuple(space, fc.array(tie('value'), { maxLength: 3 }), space).map(([s, items, t]) => `[${s}${items.join(`${s},${t}`)}${t}]`),
  object: fc.tuple(space, members(tie('value'), 3)).map(([s, members]) => `{${s}${members.map(([k, v]) => `${k}${s}:${v}`).join(',')}}`),
}));

const companyId = rare(stringLiteral, fc.oneof(number, fc.constant('null')));
/** A record: usually a string company_id first, then members from a small key set (so repeats and collisions happen). */
const record = fc
  .tuple(fc.option(companyId, { freq: 60 }), members(value, 5), space, rare(fc.constant(''), fc.constant('[]')))
  .map(([id, members, s, odd]) => odd || `{${s}${[...(id === null ? [] : [[`"company_id"`, id]]), ...members].map(([k, v]) => `${k}:${s}${v}`).join(`,${s}`)}}`);

const page = fc
  .tuple(
    fc.array(record, { maxLength: 6 }),
    space,
    rare(fc.constantFrom('null', '"tok"'), fc.constant('3')),
    rare(fc.constantFrom('12', '0'), fc.constantFrom('-1', '1.5', '"12"', '1e2')),
    rare(fc.constantFrom('prc', 'rpc', 'cpr', 'rcpx'), fc.constant('rcpr')),
    rare(fc.constantFrom('', ' '), fc.constantFrom('x', '\ufeff')),
  )
  .map(([records, s, next, count, order, edge]) => {
    const members: Record<string, string> = {
      p: `"pagination":${s}{"next":${next},${s}"previous":null}`,
      c: `"count":${s}${count}`,
      r: `"result":${s}[${s}${records.join(`,${s}`)}${s}]`,
      x: `"extra":${s}{"a":[1,${s}"b"]}`,
    };
    const body = `{${s}${[...order].map((m) => members[m]).join(`,${s}`)}${s}}`;
    return edge === '\ufeff' ? edge + body : body + edge;
  });

const delimiter = fc.constantFrom<CsvDelimiter>(',', ';', '\t', '|');
const layout = fc.record({ columns: fc.option(fc.subarray(['company_id', 'name', 'a', 'a.b', 'b', 'tags', 'c'], { minLength: 1 }), { freq: 3 }), delimiter });
const utf8 = new TextEncoder();

/** Every page through one encoding; a page's outcome is its CSV text, rows and new columns, or its error. */
function run(layout: CsvLayout, pages: Uint8Array[], transcode: boolean, take = Infinity) {
  const encoding = new CsvPageEncoding(layout, { transcode });
  return pages.map((bytes) => {
    try {
      const out = encoding.encode(bytes, take);
      return { csv: Buffer.from(out.csv).toString('utf8'), rows: out.rows, added: out.added };
    } catch (e) {
      return { error: (e as Error).message };
    }
  });
}

describe('page transcoder', () => {
  it('gives exactly what the standard path gives, page after page, for any page text', () => {
    let fast = 0;
    let pages = 0;
    const spy = vi.spyOn(PageTranscoder.prototype, 'transcode');
    fc.assert(
      fc.property(layout, fc.array(page, { minLength: 1, maxLength: 4 }), rare(fc.constant(null), fc.nat(4)), (layout, texts, take) => {
        const bytes = texts.map((t) => utf8.encode(t));
        spy.mockClear();
        const transcoded = run(layout, bytes, true, take ?? Infinity);
        fast += spy.mock.results.filter((r) => r.type === 'return' && r.value !== null).length;
        pages += bytes.length;
        expect(transcoded).toEqual(run(layout, bytes, false, take ?? Infinity));
      }),
      { numRuns: Number(process.env.TRANSCODER_RUNS ?? 800) },
    );
    spy.mockRestore();
    // Not a vacuous pass: a fair share of the generated pages went the fast way.
    expect(fast / pages).toBeGreaterThan(0.35);
  });

  it('gives invalid UTF-8 (replaced by the standard path) back to the standard path', () => {
    const bytes = new Uint8Array([...utf8.encode('{"pagination":{},"count":1,"result":[{"company_id":"a'), 0xff, ...utf8.encode('"}]}')]);
    expect(run({ columns: null, delimiter: ',' }, [bytes], true)).toEqual(run({ columns: null, delimiter: ',' }, [bytes], false));
    expect(new PageTranscoder(new ColumnUnion(), ',', null, csvEncoder(',')).transcode(bytes, 10, true)).toBeNull();
  });

  it('takes every page the sandbox sends, and its output is the standard one', () => {
    const companies = generateCompanies(5, 600);
    const bytes = [0, 200, 400].map((from) => utf8.encode(JSON.stringify({ pagination: { next: 'n', previous: null }, count: 600, result: companies.slice(from, from + 200) })));
    const spy = vi.spyOn(PageTranscoder.prototype, 'transcode');
    for (const layout of [{ columns: null, delimiter: ',' as const }, { columns: ['company_id', 'name', 'address.city', 'tags'], delimiter: ';' as const }]) {
      spy.mockClear();
      expect(run(layout, bytes, true)).toEqual(run(layout, bytes, false));
      expect(spy.mock.results.map((r) => r.value === null)).toEqual([false, false, false]);
    }
    spy.mockRestore();
  });
});
