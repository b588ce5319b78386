// One check of a shared saved search on the server: page through its query (up to the row cap)
// and compare with the watch's previous result (the desktop's diff, watches/search-diff.ts). Each
// company that left is looked up for its reason, as on the desktop (watches/leaver-reasons.ts): one
// request each through the check's metered client, at most LEAVER_LOOKUPS_MAX per check.
import { checkSearchBody } from '../../../shared/search/body';
import { PAGE_SIZE_MAX } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import { walkPages } from '../../platform/paging/page-walker';
import type { FoundChange } from '../watches/change-store';
import { explainLeavers } from '../watches/leaver-reasons';
import { diffRecordSets } from '../watches/search-diff';

export interface TeamSearchCheck {
  api: ApiClient;
  /** The team item's content: `{ body, pageSize }`. */
  content: unknown;
  name: string;
  rowCap: number;
  /** The previous check's rows ([company id, record JSON]); null: this check is the baseline. */
  previous: Array<[string, string]> | null;
  signal?: AbortSignal;
}

export async function runTeamSearchCheck(c: TeamSearchCheck): Promise<{ rows: number; baseline: boolean; changes: FoundChange[]; records: Array<[string, string]> }> {
  const check = checkSearchBody((c.content as { body?: unknown } | null)?.body);
  if (!check.ok) throw new Error(`The shared search ‘${c.name}’ is not valid: ${check.message}. Its owner can fix it and share it again.`);
  const signal = c.signal ?? new AbortController().signal;
  const records: Array<[string, string]> = [];
  const seen = new Set<string>();
  for await (const page of walkPages(c.api, { body: check.body, pageSize: PAGE_SIZE_MAX, rowLimit: c.rowCap, signal })) {
    for (const r of page.records) {
      if (seen.has(r.company_id)) continue;
      seen.add(r.company_id);
      records.push([r.company_id, JSON.stringify(r)]);
    }
  }
  if (!c.previous) return { rows: records.length, baseline: true, changes: [], records };
  const asText = (rows: Array<[string, string]>) => rows.map(([companyId, json]) => ({ companyId, json }));
  const { changes } = await explainLeavers(diffRecordSets(asText(c.previous), asText(records)), check.body, c.api, signal);
  return { rows: records.length, baseline: false, changes, records };
}
