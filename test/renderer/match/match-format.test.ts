// Field names of a matched company's record read as labels in the detail panel.
import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../../src/renderer/match/match-format';

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
