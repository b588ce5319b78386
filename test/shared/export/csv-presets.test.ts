// The presets' rules: which list separator a locale gets, and which options each preset writes with.
import { describe, expect, it } from 'vitest';
import { describeCsvOptions, localeSeparators, presetCsvOptions } from '../../../src/shared/export/csv-presets';

describe('localeSeparators', () => {
  it('gives ; where the decimal mark is a comma, , where it is a point', () => {
    expect(localeSeparators('de-DE')).toEqual({ locale: 'de-DE', decimal: ',', list: ';' });
    expect(localeSeparators('fr-FR')).toMatchObject({ decimal: ',', list: ';' });
    expect(localeSeparators('en-US')).toEqual({ locale: 'en-US', decimal: '.', list: ',' });
    expect(localeSeparators('de-CH')).toMatchObject({ decimal: '.', list: ',' });
  });

  it('reads a broken locale tag as the point locale instead of failing', () => {
    expect(localeSeparators('not a locale!')).toMatchObject({ decimal: '.', list: ',' });
  });
});

describe('presetCsvOptions', () => {
  const de = localeSeparators('de-DE');
  it('Excel on this computer: the locale list separator and decimal mark, BOM, CRLF, prefix on, text quoted', () => {
    expect(presetCsvOptions('excel', de)).toEqual({ delimiter: ';', bom: true, lineEnding: 'crlf', formulaPrefix: true, decimalSeparator: ',', quoteText: true });
    expect(presetCsvOptions('excel', localeSeparators('en-US'))).toMatchObject({ delimiter: ',', decimalSeparator: '.' });
  });

  it('Data tools: RFC 4180 whatever the locale (comma, no BOM, LF, no prefix)', () => {
    expect(presetCsvOptions('data', de)).toEqual({ delimiter: ',', bom: false, lineEnding: 'lf', formulaPrefix: false, decimalSeparator: '.', quoteText: false });
  });

  it('Custom: the four choices as set, numbers with a point', () => {
    expect(presetCsvOptions('custom', de, { delimiter: '\t', bom: true, lineEnding: 'lf', formulaPrefix: false })).toEqual({
      delimiter: '\t',
      bom: true,
      lineEnding: 'lf',
      formulaPrefix: false,
      decimalSeparator: '.',
      quoteText: false,
    });
  });

  it('says in words what a file will be', () => {
    expect(describeCsvOptions(presetCsvOptions('excel', de))).toBe(
      'semicolon-separated, decimal comma, UTF-8 with byte-order mark, CRLF line ends, text in quotes, formula protection on',
    );
    expect(describeCsvOptions(presetCsvOptions('data', de))).toBe('comma-separated, decimal point, UTF-8 without byte-order mark, LF line ends, no apostrophes added');
  });
});
