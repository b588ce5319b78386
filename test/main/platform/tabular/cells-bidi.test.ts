// Bidi controls in exported text (issue 28, hostile service content): an export never changes the
// data, so CSV and XLSX keep them; an invisible control cannot hide a leading "=" from the formula
// prefix, and the read-back inverse still gives the exact text.
import { describe, expect, it } from 'vitest';
import { csvFieldOf, toXlsxCell } from '../../../../src/main/platform/tabular/cells';
import { unneutraliseText } from '../../../../src/shared/export/cell-rules';

describe('bidi controls in export cells', () => {
  it('XLSX keeps the text exactly, controls included (an XLSX string cell never runs as a formula)', () => {
    expect(toXlsxCell('invoice\u202Efdp.exe\u202C')).toBe('invoice\u202Efdp.exe\u202C');
    expect(toXlsxCell('شركة المثال')).toBe('شركة المثال');
  });

  it('CSV keeps the text; a formula behind leading bidi controls still gets the prefix, and reads back exactly', () => {
    for (const hidden of ['\u202E=1+1', '\u2066\u200F@SUM(A1)', "'\u202E=1"]) {
      const field = csvFieldOf(hidden, ',', true);
      expect(field).toBe(`'${hidden}`);
      expect(unneutraliseText(field)).toBe(hidden);
    }
    expect(csvFieldOf('a\u202Eb', ',', false)).toBe('a\u202Eb');
    expect(csvFieldOf('\u202Eplain', ',', true)).toBe('\u202Eplain');
    expect(csvFieldOf(-2.5, ',', true)).toBe('-2.5');
  });
});
