import { describe, expect, it } from 'vitest';
import { applyMapping, guessMapping, normalizeFields } from '../../../src/shared/match/fields';

describe('column mapping', () => {
  it('guesses fields from common header names, each column once', () => {
    expect(guessMapping(['Company Name', 'Web site', 'Country Code', 'Town', 'Tel', 'Street Address', 'Notes'])).toEqual({
      name: 'Company Name',
      website: 'Web site',
      country: 'Country Code',
      city: 'Town',
      phone: 'Tel',
      address: 'Street Address',
    });
    expect(guessMapping(['id', 'notes'])).toEqual({});
  });

  it('applies a mapping to a record, trimming and dropping blanks and unmapped columns', () => {
    expect(applyMapping({ Firm: ' Acme ', Land: 'DE', Web: '', Other: 'x' }, { name: 'Firm', country: 'Land', website: 'Web' })).toEqual({
      name: 'Acme',
      country: 'DE',
    });
  });

  it('normalizes numbers to strings and ignores unknown keys', () => {
    expect(normalizeFields({ name: 'A', limit: 5, foo: 'bar' })).toEqual({ name: 'A', limit: '5' });
  });
});
