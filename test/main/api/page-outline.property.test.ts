// The page outline (next, count, result length read from the bytes without parsing the records)
// must agree with JSON.parse on every page it reads, read every well-formed page, and read no
// page that is cut short: a cut page must go on to the full parse, which reports it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outlineSearchPage } from '../../../src/main/api/page-outline';
import { SearchPageSchema } from '../../../src/shared/service/schemas';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = fc.string({ unit: 'binary' });
const record = fc
  .dictionary(text, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
  .chain((extra) => text.map((id) => ({ ...extra, company_id: id })));
const token = fc.oneof(fc.constant(null), text);
/** Well-formed pages: members in any order, unknown members, any JSON whitespace. */
const page = fc
  .record({
    pagination: fc.record({ next: token, previous: token }, { requiredKeys: [] }),
    count: fc.nat(),
    result: fc.array(record, { maxLength: 6 }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  }, { requiredKeys: ['pagination', 'count', 'result'] })
  .chain((p) => fc.shuffledSubarray(Object.keys(p), { minLength: Object.keys(p).length }).map((order) => Object.fromEntries(order.map((k) => [k, p[k as keyof typeof p]]))));
const spacing = fc.constantFrom(undefined, 0, 1, 2, '\t', ' \r\n ');

describe('outlineSearchPage', () => {
  it('reads every well-formed page, with what JSON.parse finds', () => {
    fc.assert(
      fc.property(page, spacing, (p, space) => {
        const json = JSON.stringify(p, null, space as never);
        const outline = outlineSearchPage(bytes(json));
        const parsed = JSON.parse(json) as { pagination: { next?: string | null }; count: number; result: unknown[] };
        expect(SearchPageSchema.safeParse(parsed).success).toBe(true);
        expect(outline).toEqual({ next: parsed.pagination.next ?? null, count: parsed.count, length: parsed.result.length });
      }),
      { numRuns: 1500 },
    );
  });

  it('never reads a page that is cut short', () => {
    fc.assert(
      fc.property(page, spacing, fc.double({ min: 0, max: 1, noNaN: true }), (p, space, at) => {
        const json = bytes(JSON.stringify(p, null, space as never));
        const cut = Math.floor(at * (json.length - 1));
        expect(outlineSearchPage(json.subarray(0, cut))).toBeNull();
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with JSON.parse on anything it reads, whatever the bytes', () => {
    const anything = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      page.map((p) => JSON.stringify(p)).chain((s) => fc.tuple(fc.nat({ max: s.length }), text).map(([i, junk]) => s.slice(0, i) + junk + s.slice(i))),
      fc.string(),
    );
    fc.assert(
      fc.property(anything, (s) => {
        const body = bytes(s);
        const outline = outlineSearchPage(body);
        if (!outline) return;
        let parsed: { pagination?: { next?: unknown }; count?: unknown; result?: unknown } | undefined;
        try {
          // As the client decodes a body (lone surrogates in `s` became U+FFFD on the way to bytes).
          parsed = JSON.parse(new TextDecoder().decode(body)) as typeof parsed;
        } catch {
          return; // invalid JSON elsewhere in the records: the encoder's full parse reports it
        }
        expect(outline.next).toBe(parsed!.pagination?.next ?? null);
        expect(outline.count).toBe(parsed!.count);
        expect(outline.length).toBe((parsed!.result as unknown[]).length);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers null for bodies that are not a page', () => {
    for (const s of ['', '   ', '[]', 'null', '{}', '{"count":1,"result":[]}', '{"pagination":{},"result":[]}', '{"pagination":{},"count":-1,"result":[]}',
      '{"pagination":{},"count":1.5,"result":[]}', '{"pagination":[],"count":1,"result":[]}', '{"pagination":{"next":3},"count":1,"result":[]}',
      '{"pagination":{},"count":1,"result":{}}', '{"pagination":{},"count":1,"result":[]} x', '<html>502</html>']) {
      expect(outlineSearchPage(bytes(s)), s).toBeNull();
    }
    expect(outlineSearchPage(bytes(' {"result":[1, [2,"]"], {"a":"\\"}"}],"count":3,"pagination":{"next":"t\\u00e9"}} \n'))).toEqual({ next: 't\u00e9', count: 3, length: 3 });
  });
});
