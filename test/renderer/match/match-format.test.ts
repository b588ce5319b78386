// Field names of a matched company's record read as labels in the detail panel; page ranges group digits.
import { describe, expect, it } from 'vitest';
import { fieldLabel, pageRange } from '../../../src/renderer/match/match-format';

describe('fieldLabel', () => {
  it('turns record keys into readable labels, acronyms in capitals and nested keys after their parent', () => {
    expect(fieldLabel('company_id')).toBe('Company ID');
    expect(fieldLabel('country_name')).toBe('Country name');
    expect(fieldLabel('address.postal_code')).toBe('Address: postal code');
    expect(fieldLabel('website_url')).toBe('Website URL');
    expect(fieldLabel('name')).toBe('Name');
  });

  it('keeps a key that has no words as it is', () => {
    expect(fieldLabel('_')).toBe('_');
  });
});

describe('pageRange', () => {
  it('says the rows of a page with grouped numbers, and 0–0 of 0 when there are none', () => {
    expect(pageRange(1000, 100, 12_345)).toBe('1,001–1,100 of 12,345');
    expect(pageRange(0, 100, 21)).toBe('1–21 of 21');
    expect(pageRange(0, 100, 0)).toBe('0–0 of 0');
  });
});
