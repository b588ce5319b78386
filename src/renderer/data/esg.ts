// react-query state for ESG. Main pushes progress and completion; these hooks only write what
// arrives into the cache (no renderer polling).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EsgModuleView, WatchView } from '../../shared/bridge/groups/esg';
import type { EsgModule } from '../../shared/service/schemas';
import { firmscope, unwrap, groupCalls } from './bridge';
import { upsertBy } from './useEventIntoQuery';
import { useBridgeEvent } from './useBridgeEvent';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { showWebNotification } from '../ui/web-notify';

/** The esg bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const esgCalls = groupCalls('esg');

export const ESG_PAGE_SIZE = 10;

export const esgKeys = {
  watches: ['esg', 'watches'] as const,
  company: (companyId: string) => ['esg', 'company', companyId] as const,
  record: (companyId: string) => ['esg', 'record', companyId] as const,
  newsMonths: (companyId: string) => ['esg', 'news-months', companyId] as const,
  module: (companyId: string, module: EsgModule) => ['esg', 'module', companyId, module] as const,
};

/** The latest view of a company's module. Requesting it can start a processing session, so it
 *  only runs when the analyst asks (`refetch`) or when the route asked for it. */
export function useModuleView(companyId: string, module: EsgModule, autoRequest: boolean, companyName?: string) {
  return useQuery({
    queryKey: esgKeys.module(companyId, module),
    queryFn: () => unwrap(firmscope().esg.request({ companyId, module, pageSize: ESG_PAGE_SIZE, ...(companyName ? { companyName } : {}) })),
    enabled: autoRequest && companyId.length > 0,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Name and country of a company id; a name the screen already knows (from search or match) is used as is. */
export function useCompany(companyId: string, knownName?: string) {
  return useQuery({
    queryKey: esgKeys.company(companyId),
    queryFn: () => unwrap(firmscope().esg.company({ companyId })),
    enabled: companyId.length > 0 && !knownName,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The company's record as the service has it now (firmographics beside its ESG). */
export function useCompanyRecord(companyId: string) {
  return useQuery({
    queryKey: esgKeys.record(companyId),
    queryFn: () => unwrap(firmscope().esg.record({ companyId })),
    enabled: companyId.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Articles per month for the chart, once the company's news is complete (refreshed with it). */
export function useNewsMonths(companyId: string, enabled: boolean, version: string) {
  return useQuery({
    queryKey: [...esgKeys.newsMonths(companyId), version],
    queryFn: () => unwrap(firmscope().esg.newsMonths({ companyId })),
    enabled: enabled && companyId.length > 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** What to call a company: its name, or the id until the name is known. */
export function companyLabel(w: { companyId: string; companyName?: string }): string {
  return w.companyName ?? `company ${w.companyId}`;
}

export function useWatches() {
  return useQuery({
    queryKey: esgKeys.watches,
    queryFn: () => unwrap(firmscope().esg.listWatches()),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** esg.progress → the activity list (one row per session id). */
export function applyEsgProgress(qc: QueryClient, w: WatchView): void {
  qc.setQueryData<WatchView[]>(esgKeys.watches, (old) => upsertBy(old, w, (x) => x.sessionId));
}

/** esg.completed → the activity row and the module's view, replaced by the fresh data from main. */
export function applyEsgCompleted(qc: QueryClient, { watch, view }: { watch: WatchView; view: EsgModuleView | null }): void {
  applyEsgProgress(qc, watch);
  const key = esgKeys.module(watch.companyId, watch.module);
  if (view) qc.setQueryData<EsgModuleView>(key, view);
  // No data came with the event (the re-request failed): mark stale so the next look asks again.
  else void qc.invalidateQueries({ queryKey: key, refetchType: 'none' });
}

/** Applies esg.progress and esg.completed to the cache. Mount once per screen that shows ESG. */
export function useEsgLiveUpdates(): void {
  const qc = useQueryClient();
  useBridgeEvent('esg', 'progress', (w: WatchView) => applyEsgProgress(qc, w));
  useBridgeEvent('esg', 'completed', (payload: { watch: WatchView; view: EsgModuleView | null }) => {
    applyEsgCompleted(qc, payload);
    const { watch } = payload;
    if (watch.state === 'complete') showWebNotification(`ESG ${MODULE_LABELS[watch.module].toLowerCase()} ready`, `${MODULE_LABELS[watch.module]} for ${companyLabel(watch)}: ${watch.resultCount} counted.`);
  });
}

export async function unwatch(sessionId: string): Promise<void> {
  await unwrap(firmscope().esg.unwatch({ sessionId }));
}

export async function pageModule(viewId: string, direction: 'next' | 'previous'): Promise<EsgModuleView> {
  return unwrap(firmscope().esg.page({ viewId, direction }));
}
