// Company ids, as every field that takes one checks them (the ESG screen while typed, pasted ids in lists). The service's company ids are
// UUIDs (the sandbox draws them as UUIDs and answers 400 to anything else; lists take pasted ids by
// the same shape), so a name typed into the id box is said at once rather than sent as an id.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every prefix of a UUID: what the box may hold while an id is still being typed. */
const UUID_PREFIX = /^[0-9a-f]{0,8}(-[0-9a-f]{0,4}(-[0-9a-f]{0,4}(-[0-9a-f]{0,4}(-[0-9a-f]{0,12})?)?)?)?$/i;

export const COMPANY_ID_EXAMPLE = '3f2c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';

export const NOT_A_COMPANY_ID = 'That is not a company id (a UUID like 3f2c…). To find a company by its name, use Find by name.';

export function isCompanyId(text: string): boolean {
  return UUID.test(text.trim());
}

/**
 * What is wrong with the text as a company id, or null. `finished`: the analyst is done typing
 * (left the field or pressed Open): only then is a still-short id an error.
 */
export function companyIdProblem(text: string, finished: boolean): string | null {
  const t = text.trim();
  if (!t || UUID.test(t)) return null;
  if (!UUID_PREFIX.test(t)) return NOT_A_COMPANY_ID;
  return finished ? `That company id is incomplete: it has ${t.length} of 36 characters (like ${COMPANY_ID_EXAMPLE}).` : null;
}
