// One company's record as the service has it now: a Search `company_id equals` of page size 1 (the
// service has no read-by-id operation). Null when it no longer has the company. Used by the ESG
// screen's record and names, and by a watch looking up the companies that left its search.
import type { ApiClient, CallOptions } from './types';

export async function companyById(api: Pick<ApiClient, 'search'>, companyId: string, opts?: CallOptions): Promise<Record<string, unknown> | null> {
  const page = await api.search({ body: { filters: { and: [{ attribute: 'company_id', relation: 'equals', value: companyId }] } }, pageSize: 1 }, opts);
  return (page.result.find((r) => r.company_id === companyId) as Record<string, unknown> | undefined) ?? null;
}
