// The ESG screen's Company ID box: ids are UUIDs; a name is refused as typed, a short id once the
// analyst leaves the box.
import { describe, expect, it } from 'vitest';
import { companyIdProblem, isCompanyId, NOT_A_COMPANY_ID } from '../../src/shared/company-id';

const ID = '3f2c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';

describe('company ids', () => {
  it('takes a UUID in either case, with spaces around it', () => {
    expect(isCompanyId(ID)).toBe(true);
    expect(isCompanyId(` ${ID.toUpperCase()} `)).toBe(true);
    expect(companyIdProblem(ID, true)).toBeNull();
  });

  it('refuses a name at once, pointing to Find by name', () => {
    expect(isCompanyId('Apex Energy GmbH')).toBe(false);
    expect(companyIdProblem('Apex Energy GmbH', false)).toBe(NOT_A_COMPANY_ID);
    expect(NOT_A_COMPANY_ID).toBe('That is not a company id (a UUID like 3f2c…). To find a company by its name, use Find by name.');
    expect(companyIdProblem(`${ID}0`, false)).toBe(NOT_A_COMPANY_ID);
  });

  it('lets an id be typed: a prefix is fine until the box is left', () => {
    expect(companyIdProblem('', true)).toBeNull();
    expect(companyIdProblem('3f2c6b1e-8d', false)).toBeNull();
    expect(companyIdProblem('3f2c6b1e-8d', true)).toBe('That company id is incomplete: it has 11 of 36 characters (like 3f2c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c).');
  });
});
