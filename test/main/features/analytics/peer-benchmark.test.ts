// The peer benchmark: percentile among the list and among peers of the same division, country and both.
import { describe, expect, it } from 'vitest';
import { peerBenchmark } from '../../../../src/main/features/analytics/peer-benchmark';
import { company, D10, D62, DE, FR } from './fixtures';

const subject = company('s', { name: 'Subject', country: DE, division: D62, overall: 60, rating: 'BBB' });
const workspace = [
  subject,
  company('a', { country: DE, division: D62, overall: 40 }),
  company('b', { country: FR, division: D62, overall: 80 }),
  company('c', { country: DE, division: D10, overall: 60 }),
  company('d', { country: DE, division: D10 }), // no scores: not in the values
];

describe('peerBenchmark', () => {
  it('ranks the company in its list and among division, country and division-in-country peers', () => {
    const b = peerBenchmark(subject, [{ label: 'List “Watch”', companies: [subject, workspace[1]!, workspace[2]!] }], workspace);
    expect(b).toMatchObject({ companyId: 's', name: 'Subject', overall: 60, rating: 'BBB', country: DE, division: D62 });
    expect(b.groups.map((g) => [g.kind, g.label, g.values, g.percentile, g.rank])).toEqual([
      ['list', 'List “Watch”', [40, 60, 80], 50, 2],
      ['division', `Industry ${D62.label}`, [40, 60, 80], 50, 2],
      ['country', 'Companies in Germany', [40, 60, 60], ((1 + 2 / 2) / 3) * 100, 1], // one below, two equal (itself and c)
      ['division-country', 'Industry 62 in Germany', [40, 60], 75, 1],
    ]);
    // What each workspace group holds: its part of the 4 companies with stored scores.
    expect(b.workspaceScored).toBe(4);
    expect(b.groups.map((g) => g.within)).toEqual([undefined, `in industry ${D62.label}`, 'in Germany', 'in industry 62 in Germany']);
  });

  it('counts the company once even when the list holds it too, and says nothing without a score', () => {
    const unscored = company('u', { country: FR });
    const b = peerBenchmark(unscored, [], [unscored, workspace[2]!]);
    expect(b.groups).toEqual([{ kind: 'country', label: 'Companies in France', values: [80], percentile: null, rank: null, within: 'in France' }]);
    expect(b.workspaceScored).toBe(1);
  });
});
