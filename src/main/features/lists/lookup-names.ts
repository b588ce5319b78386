// Names for pasted company ids: the service's search by `company_id in [...]` (docs/catalogue.md),
// 1,000 ids per search (the `in` limit), every page of each. Ids it does not return stay unknown.
import type { CompanyRecord } from '../../../shared/service/schemas';
import { PAGE_SIZE_MAX } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import { walkPages } from '../../platform/paging/page-walker';

export const IN_VALUES_MAX = 1_000;

export async function lookupRecords(api: ApiClient, ids: readonly string[], signal: AbortSignal): Promise<Map<string, CompanyRecord>> {
  const found = new Map<string, CompanyRecord>();
  for (let i = 0; i < ids.length; i += IN_VALUES_MAX) {
    const batch = ids.slice(i, i + IN_VALUES_MAX);
    const body = { filters: { and: [{ attribute: 'company_id', relation: 'in', value: batch }] } };
    for await (const page of walkPages(api, { body, pageSize: PAGE_SIZE_MAX, rowLimit: batch.length, signal })) {
      for (const r of page.records as CompanyRecord[]) {
        if (typeof r.company_id === 'string') found.set(r.company_id.toLowerCase(), r);
      }
    }
  }
  return found;
}
