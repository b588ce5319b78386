// ESG results stored by runs (every refresh kept): the latest and previous result per module, and
// the scores' history. Re-read when a run completes a module of the company on screen.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunUpdate } from '../../shared/esg-runs/schemas';
import { firmscope, unwrap } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';
import { asScore, type ScorePoint } from '../ui/esg-format';

export const storedKeys = {
  all: (companyId: string) => ['esgRuns', 'stored', companyId] as const,
  latest: (companyId: string) => ['esgRuns', 'stored', companyId, 'latest'] as const,
  scoreHistory: (companyId: string) => ['esgRuns', 'stored', companyId, 'score-history'] as const,
};

/** Keeps a company's stored results current while it is on screen. */
export function useStoredRefresh(companyId: string): void {
  const qc = useQueryClient();
  useBridgeEvent('esgRuns', 'esgRunUpdate', (u: RunUpdate) => {
    if (u.tasks.some((t) => t.companyId === companyId && t.state === 'complete')) void qc.invalidateQueries({ queryKey: storedKeys.all(companyId) });
  });
}

export function useStoredLatest(companyId: string) {
  return useQuery({
    queryKey: storedKeys.latest(companyId),
    queryFn: () => unwrap(firmscope().esgRuns.latest({ companyId })),
    enabled: companyId.length > 0,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Scores of every stored refresh, oldest first (up to the last 50). */
export function useScoreHistory(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: storedKeys.scoreHistory(companyId),
    queryFn: async () => scorePoints(await unwrap(firmscope().esgRuns.history({ companyId, module: 'scores', limit: 50 }))),
    enabled: enabled && companyId.length > 0,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function scorePoints(results: { fetchedAt: number; items: Record<string, unknown>[] }[]): ScorePoint[] {
  const out: ScorePoint[] = [];
  for (const r of results) {
    const [item] = r.items;
    const score = item ? asScore(item) : null;
    if (score) out.push({ at: r.fetchedAt, score });
  }
  return out.sort((a, b) => a.at - b.at);
}
