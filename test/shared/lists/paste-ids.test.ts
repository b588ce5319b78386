// Pasted company ids: valid UUIDs kept once in order, anything else reported with its line.
import { describe, expect, it } from 'vitest';
import { parsePastedIds } from '../../../src/shared/lists/paste-ids';
import { ListNameSchema, ListSourceSchema } from '../../../src/shared/lists/lists';

const A = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
const B = '00000000-0000-4000-8000-000000000001';

describe('parsePastedIds', () => {
  it('takes ids separated by lines, commas, semicolons, tabs or spaces, quoted or not, once each', () => {
    const r = parsePastedIds(`${A}\r\n"${B}", ${A.toUpperCase()}\n\n\t${B};`);
    expect(r).toEqual({ ids: [A, B], malformed: [], duplicates: 2 });
  });

  it('reports each malformed entry with its line number and keeps the valid ones', () => {
    const r = parsePastedIds(`${A}\nnot-an-id\n${B} 1234\n${'x'.repeat(80)}`);
    expect(r.ids).toEqual([A, B]);
    expect(r.malformed).toEqual([
      { line: 2, text: 'not-an-id' },
      { line: 3, text: '1234' },
      { line: 4, text: `${'x'.repeat(57)}...` },
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(parsePastedIds('  \n\n ')).toEqual({ ids: [], malformed: [], duplicates: 0 });
  });
});

describe('list contract schemas', () => {
  it('trims names and refuses empty, too long or control-character names', () => {
    expect(ListNameSchema.parse('  Q3 watch ')).toBe('Q3 watch');
    expect(ListNameSchema.safeParse(' ').success).toBe(false);
    expect(ListNameSchema.safeParse('x'.repeat(121)).success).toBe(false);
    expect(ListNameSchema.safeParse('a\u0007b').success).toBe(false);
  });

  it('accepts the three sources and refuses malformed ids in any of them', () => {
    expect(ListSourceSchema.safeParse({ kind: 'ids', ids: [A] }).success).toBe(true);
    expect(ListSourceSchema.safeParse({ kind: 'snapshot', snapshotId: 3 }).success).toBe(true);
    expect(ListSourceSchema.safeParse({ kind: 'companies', companies: [{ companyId: A, record: { company_id: A, name: 'A' } }] }).success).toBe(true);
    expect(ListSourceSchema.safeParse({ kind: 'ids', ids: [] }).success).toBe(false);
    expect(ListSourceSchema.safeParse({ kind: 'companies', companies: [{ companyId: 'abc' }] }).success).toBe(false);
  });
});
