// The ESG diff of stored texts against the plain one (fast-check): diffEsgResultTexts skips a
// company's module whose text did not change, diffEsgResults parses and compares everything; over
// random refreshes (equal texts, duplicate keys, any threshold) both must find the same changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffEsgResults, diffEsgResultTexts, type EsgResultItems, type EsgResultText } from '../../../../src/main/features/watches/esg-diff';

const small = (xs: string[]) => fc.constantFrom(...xs);
const scoreItem = fc.record({ score_id: small(['s1', 's2']), overall: fc.integer({ min: 0, max: 10 }), social: fc.integer({ min: 0, max: 10 }), rating: small(['A', 'BBB', 'BB', 'Leader']) }, { requiredKeys: ['score_id'] });
const newsItem = fc.record({ article_id: small(['n1', 'n2', 'n3']), title: small(['Old', 'New', '']), headline: small(['H']) }, { requiredKeys: [] });
// Few ids, so one refresh often holds two commitments of one key, with different values.
const commitmentItem = fc.record({ commitment_id: small(['c1', 'c2']), title: small(['Net zero', 'Water']), status: small(['announced', 'on_track']), tags: fc.array(small(['x', 'y']), { maxLength: 2 }) }, { requiredKeys: [] });
const itemsOf = { scores: fc.array(scoreItem, { maxLength: 2 }), news: fc.array(newsItem, { maxLength: 4 }), commitments: fc.array(commitmentItem, { maxLength: 4 }) };
const result = fc.constantFrom('scores', 'news', 'commitments').chain((module) =>
  fc.record({ companyId: small(['a', 'b', 'c']), companyName: fc.option(small(['Acme', 'Bolt']), { nil: null }), module: fc.constant(module), items: itemsOf[module] }),
) as fc.Arbitrary<EsgResultItems>;
/** A second refresh: results of the first kept as they are (the same text) or new ones. */
const refreshes = fc.array(result, { maxLength: 8 }).chain((first) =>
  fc.tuple(fc.constant(first), fc.array(fc.oneof(fc.nat({ max: Math.max(0, first.length - 1) }).map((i) => first[i] ?? null), result), { maxLength: 8 }).map((xs) => xs.filter((x): x is EsgResultItems => x !== null))),
);
const texts = (rs: EsgResultItems[]): EsgResultText[] => rs.map((r) => ({ companyId: r.companyId, companyName: r.companyName, module: r.module, json: JSON.stringify(r.items) }));

describe('diffEsgResultTexts', () => {
  it('finds what diffEsgResults finds on the parsed items, in the same order', () => {
    const threshold = fc.oneof(fc.constantFrom(0, 1e-10, 1e-9, 0.1, 1, 5), fc.double({ min: 0, max: 20, noNaN: true }));
    fc.assert(
      fc.property(refreshes, threshold, ([first, second], scoreThreshold) => {
        expect(diffEsgResultTexts(texts(first), texts(second), { scoreThreshold })).toEqual(diffEsgResults(first, second, { scoreThreshold }));
      }),
      { numRuns: 1000 },
    );
  });

  it('reports commitments of one key that differ even when the text did not change, as the plain diff does', () => {
    const items = [
      { commitment_id: 'c1', title: 'Net zero', status: 'announced' },
      { commitment_id: 'c1', title: 'Net zero', status: 'on_track' },
    ];
    const side: EsgResultItems[] = [{ companyId: 'a', companyName: 'Acme', module: 'commitments', items }];
    const found = diffEsgResultTexts(texts(side), texts(side), { scoreThreshold: 5 });
    expect(found).toEqual(diffEsgResults(side, side, { scoreThreshold: 5 }));
    expect(found).toHaveLength(1);
  });
});
