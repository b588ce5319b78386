// The diff of two ESG refreshes: score moves at or above the threshold, rating upgrades and
// downgrades, new news, new or changed commitments; nothing for identical refreshes or a company
// without a result on both sides. Also the notification's words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffEsgResults, ratingDirection, type EsgResultItems } from '../../../../src/main/features/watches/esg-diff';
import { checkFinishedText } from '../../../../src/main/features/watches/notice';

const score = (overall: number, e: number, s: number, g: number, rating: string) => ({ score_id: `s${overall}${rating}`, overall, environmental: e, social: s, governance: g, rating });
const side = (companyId: string, module: EsgResultItems['module'], items: Record<string, unknown>[], companyName = `Company ${companyId}`): EsgResultItems => ({ companyId, companyName, module, items });

describe('diffEsgResults', () => {
  it('finds score moves of at least the threshold, rating moves with their direction, new news, new and changed commitments', () => {
    const before = [
      side('a', 'scores', [score(60, 50, 70, 60, 'BBB')]),
      side('a', 'news', [{ article_id: 'n1', title: 'Old' }]),
      side('a', 'commitments', [{ commitment_id: 'c1', title: 'Net zero by 2040', status: 'announced' }]),
      side('b', 'scores', [score(40, 40, 40, 40, 'BB')]),
    ];
    const after = [
      side('a', 'scores', [score(64, 55, 70, 62, 'A')]),
      side('a', 'news', [{ article_id: 'n1', title: 'Old' }, { article_id: 'n2', title: 'New one' }]),
      side('a', 'commitments', [
        { commitment_id: 'c1', title: 'Net zero by 2040', status: 'on_track' },
        { commitment_id: 'c2', title: 'Water -20%', status: 'announced' },
      ]),
      side('b', 'scores', [score(36, 40, 40, 40, 'B')]),
      side('c', 'scores', [score(90, 90, 90, 90, 'AAA')]), // no earlier result: not compared
    ];
    const found = diffEsgResults(before, after, { scoreThreshold: 4 });
    expect(found.map((c) => [c.kind, c.companyId, c.field, c.oldValue, c.newValue, c.detail])).toEqual([
      ['rating', 'a', 'rating', 'BBB', 'A', 'upgrade'],
      ['rating', 'b', 'rating', 'BB', 'B', 'downgrade'],
      ['score', 'a', 'overall', 60, 64, null],
      ['score', 'a', 'environmental', 50, 55, null],
      ['score', 'b', 'overall', 40, 36, null],
      ['commitment', 'a', 'status', 'announced', 'on_track', 'Net zero by 2040'],
      ['commitment', 'a', null, null, 'Water -20%', null],
      ['news', 'a', null, null, 'New one', null],
    ]);
    expect(found.every((c) => c.companyName === `Company ${c.companyId}`)).toBe(true);
  });

  it('finds nothing between a refresh and itself, whatever the threshold', () => {
    const item = fc.record({ article_id: fc.string({ maxLength: 4 }), title: fc.string({ maxLength: 6 }) });
    const scores = fc.record({ overall: fc.integer({ min: 0, max: 100 }), environmental: fc.integer({ min: 0, max: 100 }), social: fc.integer({ min: 0, max: 100 }), governance: fc.integer({ min: 0, max: 100 }), rating: fc.constantFrom('AAA', 'BB', 'CCC') });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), scores, fc.double({ min: 0.1, max: 100, noNaN: true }), (news, s, threshold) => {
        const r = [side('a', 'news', news), side('a', 'scores', [s])];
        expect(diffEsgResults(r, r, { scoreThreshold: threshold })).toEqual([]);
      }),
    );
  });

  it('a rating off the known scale changes without a direction', () => {
    expect(ratingDirection('AA', 'CCC')).toBe('downgrade');
    expect(ratingDirection('bb', 'BBB')).toBe('upgrade');
    expect(ratingDirection('Leader', 'Laggard')).toBeNull();
  });
});

describe('checkFinishedText', () => {
  const change = (kind: 'entered' | 'left' | 'field' | 'rating' | 'score' | 'news' | 'commitment', companyId: string, detail: string | null = null) => ({
    kind,
    companyId,
    companyName: `Name ${companyId}`,
    field: null,
    module: null,
    oldValue: null,
    newValue: null,
    detail,
  });

  it('leads with the most telling change and counts every kind, names not ids', () => {
    expect(checkFinishedText('DE manufacturing > 500', 'search', [change('entered', '1'), change('entered', '2'), change('entered', '3'), change('left', '4'), change('field', '5'), change('field', '5')], { scoreThreshold: 5 })).toEqual({
      title: '3 companies entered ‘DE manufacturing > 500’',
      body: '3 companies entered, 1 left, 2 fields changed in 1 company.',
    });
    expect(checkFinishedText('Portfolio A', 'list', [change('rating', '1', 'downgrade'), change('rating', '2', 'downgrade'), change('rating', '3', 'upgrade'), change('news', '1'), change('score', '4')], { scoreThreshold: 5 })).toEqual({
      title: '2 rating downgrades in ‘Portfolio A’',
      body: '2 rating downgrades, 1 rating upgrade, 1 company with a score move of 5 points or more, 1 new news item.',
    });
    expect(checkFinishedText('Quiet', 'list', [], { scoreThreshold: 5 })).toBeNull();
  });
});
