// What runs stored for a company, read next to the live module view: the stored data itself when
// nothing was requested on this screen, the scores' history and change since the previous refresh,
// news marked "new since last refresh", and the commitments set a refresh replaced.
import type { ModuleLatest, StoredEsgResult } from '../../shared/esg-runs/schemas';
import type { EsgModule } from '../../shared/service/schemas';
import { CommitmentsTable } from './CommitmentsTable';
import { EsgItems } from './EsgItems';
import { asArticle, asCommitment, asScore, formatDateTime, type Commitment } from '../ui/esg-format';
import { MonthChart } from './MonthChart';
import { ScoreChange, ScoreHistoryChart } from './ScoreHistory';
import { useScoreHistory } from '../data/esg-stored';
import { formatCount } from '../ui/format';

/** Stored news shown at once; the rest is in the export and the live pages. */
const STORED_ITEMS_SHOWN = 50;
const when = (ms: number) => formatDateTime(new Date(ms));

/** Ids new in the latest refresh, only when there was a refresh before it (otherwise all would be "new"). */
export function newIdsOf(stored: ModuleLatest | undefined): ReadonlySet<string> | undefined {
  return stored?.previous && stored.latest ? new Set(stored.newSincePrevious) : undefined;
}

/** The latest stored result of a module, when the screen has no live view of it. */
export function StoredData({ module, stored, who }: { module: EsgModule; stored: ModuleLatest; who: string }) {
  const latest = stored.latest!;
  const newest = module === 'news' ? newestFirst(latest.items).slice(0, STORED_ITEMS_SHOWN) : latest.items;
  return (
    <div className="esg-data esg-stored">
      <p className="esg-module__status" role="status">
        {latest.runId !== null ? 'Stored by an ESG run on' : 'Stored from a request on'} <time dateTime={new Date(latest.fetchedAt).toISOString()}>{when(latest.fetchedAt)}</time> · <span data-testid="esg-stored-total">{latest.itemCount}</span>{' '}
        {module === 'scores' ? (latest.itemCount === 1 ? 'score' : 'scores') : 'items'}
        {module === 'news' && latest.items.length > STORED_ITEMS_SHOWN ? ` (the newest ${STORED_ITEMS_SHOWN} shown)` : ''}
      </p>
      {module === 'news' ? <MonthChart months={storedMonths(latest.items)} title={`Articles per month, ${who}`} /> : null}
      <EsgItems module={module} items={newest} firstIndex={0} companyName={who} newIds={newIdsOf(stored)} />
    </div>
  );
}

/** Stored articles per month of publication (UTC), so stored news gets the same picture as live news. */
export function storedMonths(items: Record<string, unknown>[]): { month: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const published = asArticle(item)?.published;
    if (!published) continue;
    const month = published.toISOString().slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count }));
}

function newestFirst(items: Record<string, unknown>[]): Record<string, unknown>[] {
  const at = (i: Record<string, unknown>) => Date.parse(String(i.published_at ?? i.date ?? i.published ?? '')) || 0;
  return [...items].sort((a, b) => at(b) - at(a));
}

/** History and comparisons for a module, from the stored refreshes (nothing when there are none). */
export function StoredExtras({ companyId, module, stored, who }: { companyId: string; module: EsgModule; stored: ModuleLatest | undefined; who: string }) {
  if (!stored?.latest) return null;
  if (module === 'scores') return <ScoresOverTime companyId={companyId} stored={stored} who={who} />;
  if (module === 'news') return <NewsSinceLast stored={stored} />;
  return <PreviousCommitments stored={stored} who={who} />;
}

function ScoresOverTime({ companyId, stored, who }: { companyId: string; stored: ModuleLatest; who: string }) {
  const history = useScoreHistory(companyId, true);
  const latest = stored.latest?.items[0] ? asScore(stored.latest.items[0]) : null;
  const previous = stored.previous?.items[0] ? asScore(stored.previous.items[0]) : null;
  return (
    <div className="esg-stored__extras">
      {latest && previous && stored.previous ? (
        <ScoreChange latest={latest} previous={previous} previousAt={stored.previous.fetchedAt} />
      ) : (
        <p className="muted">No earlier refresh to compare with yet.</p>
      )}
      {history.data ? <ScoreHistoryChart points={history.data} title={`Scores over refreshes, ${who}`} /> : null}
    </div>
  );
}

function NewsSinceLast({ stored }: { stored: ModuleLatest }) {
  if (!stored.previous || !stored.latest) return null;
  const n = stored.newSincePrevious.length;
  return (
    <p className="esg-stored__news-new" data-testid="news-new-count">
      {n === 0 ? 'No new articles' : `${formatCount(n)} new ${n === 1 ? 'article' : 'articles'}`} since the refresh of {when(stored.previous.fetchedAt)}
      {n > 0 ? ', marked “New since last refresh”.' : '.'}
    </p>
  );
}

function readCommitments(r: StoredEsgResult): Commitment[] {
  return r.items.map(asCommitment).filter((c): c is Commitment => c !== null);
}

/** The set the latest refresh replaced: a run's commitments replace the previous ones, so keep them to compare. */
function PreviousCommitments({ stored, who }: { stored: ModuleLatest; who: string }) {
  if (!stored.previous || !stored.latest) return null;
  const before = readCommitments(stored.previous);
  const now = new Set(readCommitments(stored.latest).map((c) => c.id ?? c.what));
  const dropped = before.filter((c) => !now.has(c.id ?? c.what)).length;
  return (
    <details className="esg-stored__previous">
      <summary>
        Previous set: {formatCount(before.length)} commitments from {when(stored.previous.fetchedAt)}, replaced on {when(stored.latest.fetchedAt)}
        {dropped ? ` (${formatCount(dropped)} no longer in the current set)` : ''}
      </summary>
      <CommitmentsTable commitments={before} companyName={`${who}, previous set`} />
    </details>
  );
}
