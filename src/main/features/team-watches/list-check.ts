// One check of a shared list on the server: refresh the watch's ESG modules of the list's companies
// (esg-cell.ts, at most `concurrency` requests in flight, sessions followed without a slot) and
// compare with the previous check's results (the desktop's diff, watches/esg-diff.ts). A cell that
// fails keeps its previous result, so the next check compares with the last one known: a change is
// reported late rather than lost.
import { setMaxListeners } from 'node:events';
import { RUN_COMPANIES_MAX } from '../../../shared/esg-runs/schemas';
import type { EsgModule } from '../../../shared/service/schemas';
import { TeamCompanySchema, type TeamCompany } from '../../../shared/team/items';
import type { ApiClient } from '../../platform/api/types';
import type { BackoffPolicy } from '../esg/backoff';
import type { WatchTimers } from '../esg/timers';
import type { FoundChange } from '../watches/change-store';
import { diffEsgResults, type EsgResultItems } from '../watches/esg-diff';
import { refreshCell, type CellContext } from './esg-cell';

export interface TeamListCheck {
  api: ApiClient;
  /** The team item's content: `{ companies }`. */
  content: unknown;
  name: string;
  modules: EsgModule[];
  scoreThreshold: number;
  /** The previous check's results; null: this check is the baseline. */
  previous: EsgResultItems[] | null;
  /** Module requests and data reads in flight at once. */
  concurrency: number;
  timers: WatchTimers;
  policy: BackoffPolicy;
  signal?: AbortSignal;
}

export interface TeamListOutcome {
  rows: number;
  baseline: boolean;
  changes: FoundChange[];
  records: EsgResultItems[];
  /** Cells that could not be refreshed (their previous result is kept). */
  failedCells: number;
  /** The first failure, in words. */
  failure: string | null;
}

function companiesOf(content: unknown, name: string): TeamCompany[] {
  const parsed = TeamCompanySchema.array().safeParse((content as { companies?: unknown } | null)?.companies);
  if (!parsed.success) throw new Error(`The shared list ‘${name}’ is not valid. Its owner can share it again.`);
  if (parsed.data.length > RUN_COMPANIES_MAX) {
    throw new Error(`The shared list ‘${name}’ has ${parsed.data.length} companies; a check refreshes at most ${RUN_COMPANIES_MAX}. Its owner can split it.`);
  }
  return parsed.data;
}

/** A counting semaphore: at most `n` of the works at once, in the order they asked. */
function slots(n: number): CellContext['inSlot'] {
  let free = Math.max(1, n);
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (free > 0) free--;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const keyOf = (companyId: string, module: EsgModule) => `${companyId}\u0000${module}`;

export async function runTeamListCheck(c: TeamListCheck): Promise<TeamListOutcome> {
  const companies = companiesOf(c.content, c.name);
  const signal = c.signal ?? new AbortController().signal;
  // Every cell in a session or a request listens for the check's stop: as many listeners as cells.
  setMaxListeners(0, signal);
  const ctx: CellContext = { api: c.api, timers: c.timers, policy: c.policy, signal, inSlot: slots(c.concurrency) };
  const before = new Map((c.previous ?? []).map((r) => [keyOf(r.companyId, r.module), r]));
  const records: EsgResultItems[] = [];
  let failedCells = 0;
  let failure: string | null = null;
  const cells = companies.flatMap((company) => c.modules.map((module) => ({ company, module })));
  await Promise.all(
    cells.map(async ({ company, module }) => {
      const outcome = await refreshCell(ctx, { companyId: company.companyId, module });
      if (outcome.state === 'complete') {
        records.push({ companyId: company.companyId, companyName: company.name, module, items: outcome.items });
      } else if (outcome.state === 'failed') {
        failedCells++;
        failure ??= `${company.name} (${module}): ${outcome.message}`;
        const kept = before.get(keyOf(company.companyId, module));
        if (kept) records.push(kept);
      }
    }),
  );
  // The list's order, whatever order the cells ended in: results of two checks read alike.
  const order = new Map(cells.map((x, i) => [keyOf(x.company.companyId, x.module), i]));
  records.sort((a, b) => order.get(keyOf(a.companyId, a.module))! - order.get(keyOf(b.companyId, b.module))!);
  if (failedCells === cells.length && cells.length > 0) throw new Error(`No company of ‘${c.name}’ could be refreshed: ${failure}`);
  if (!c.previous) return { rows: companies.length, baseline: true, changes: [], records, failedCells, failure };
  const changes = diffEsgResults(c.previous, records, { scoreThreshold: c.scoreThreshold });
  return { rows: companies.length, baseline: false, changes, records, failedCells, failure };
}
