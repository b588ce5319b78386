// Team: the team server's watches, which run there while this computer is off. Each with what it
// watches, who made it, its schedule, its last check (when, what it cost, what it found) and
// Check now; the changes of a watch's last check; a saved search or a list shared and watched in one step.
import { useEffect, useState } from 'react';
import type { TeamWatchSummary } from '../../shared/team/watches';
import { useTeamCheckNow, useTeamStatus, useTeamWatches } from '../data/team';
import { useNavigation } from '../state/navigation';
import { Banner } from '../ui/Banner';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { formatCount, formatNumber, formatWhen } from '../ui/format';
import { scheduleInWords } from '../watches/watch-format';
import { TeamChanges } from './TeamChanges';
import { WatchListWithTeam } from './WatchListWithTeam';
import { WatchWithTeam } from './WatchWithTeam';

export function TeamScreen() {
  const status = useTeamStatus();
  const { navigate } = useNavigation();
  const joined = status.data?.state === 'connected' || status.data?.state === 'unreachable';
  return (
    <section aria-labelledby="team-screen-title" className="screen">
      <h1 id="team-screen-title">Team</h1>
      {status.data && !joined ? (
        <>
          <p>Team watches run on your team&apos;s Firmscope server, also while this computer is off. Join the server first.</p>
          <button type="button" className="button button--primary" onClick={() => navigate({ screen: 'settings' })}>
            Join a team server in Settings
          </button>
        </>
      ) : null}
      {status.data?.state === 'unreachable' ? <Banner level="warning">{status.data.message}</Banner> : null}
      {joined ? <TeamWatches /> : null}
    </section>
  );
}

function TeamWatches() {
  const watches = useTeamWatches(true);
  const checkNow = useTeamCheckNow();
  const { route } = useNavigation();
  const link = route.screen === 'team' ? route.link : undefined;
  const [open, setOpen] = useState<{ watchId: string; checkId?: number; companyId?: string } | null>(null);
  // A digest's link opens its watch's changes (that check, that company first).
  useEffect(() => {
    if (link?.kind === 'changes') setOpen({ watchId: link.watchId, ...(link.checkId && /^\d+$/.test(link.checkId) ? { checkId: Number(link.checkId) } : {}), ...(link.companyId ? { companyId: link.companyId } : {}) });
  }, [link]);
  if (watches.isPending) return <Spinner label="Loading the team's watches…" />;
  if (watches.isError) return <ErrorMessage error={watches.error} title="Could not load the team's watches" onRetry={() => void watches.refetch()} alwaysRetry />;
  const shown = watches.data.find((w) => w.id === open?.watchId) ?? null;
  const columns: TableColumn<TeamWatchSummary>[] = [
    { key: 'name', header: 'Watch', rowHeader: true, cell: (w) => w.name },
    { key: 'item', header: 'Watches', cell: (w) => watchedInWords(w) },
    { key: 'owner', header: 'Made by', cell: (w) => w.owner.name },
    { key: 'schedule', header: 'Schedule', cell: (w) => scheduleInWords(w.schedule) },
    { key: 'last', header: 'Last check', cell: (w) => lastCheckInWords(w) },
    { key: 'cost', header: 'Requests', num: true, cell: (w) => (w.lastCheck ? formatCount(w.lastCheck.requests) : '–') },
    { key: 'next', header: 'Next check', cell: (w) => (w.nextDueAt ? formatWhen(Date.parse(w.nextDueAt)) : 'only on Check now') },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (w) => (
        <span className="team-watch-actions">
          <button type="button" className="button" onClick={() => checkNow.mutate({ watchId: w.id })} disabled={checkNow.isPending} aria-label={`Check now: ‘${w.name}’`}>
            Check now
          </button>
          <button type="button" className="button" onClick={() => setOpen({ watchId: w.id })} aria-label={`Changes found by ‘${w.name}’`} disabled={!w.lastCheck || w.lastCheck.status !== 'done'}>
            Changes
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <h2 className="section-title">Team watches</h2>
      {watches.data.length === 0 ? <p>No team watches yet. Share a saved search or a list with the team below to watch it there.</p> : <DataTable label="Team watches" columns={columns} rows={watches.data} rowKey={(w) => w.id} />}
      {checkNow.error ? <ErrorMessage error={checkNow.error} /> : null}
      {open && !shown ? <Banner level="warning">The watch that link names is not on the team server any more (it was deleted).</Banner> : null}
      {link?.kind === 'digests' ? <Banner level="info">Digest subscriptions are kept on the team server; each watch&apos;s digests are set up there for now.</Banner> : null}
      {shown ? <TeamChanges watch={shown} checkId={open?.checkId} companyId={open?.companyId} onClose={() => setOpen(null)} /> : null}
      <WatchWithTeam />
      <WatchListWithTeam />
    </>
  );
}

function lastCheckInWords(w: TeamWatchSummary): string {
  const c = w.lastCheck;
  if (!c) return 'Not checked yet';
  if (c.status === 'queued') return 'Waiting for a server node…';
  if (c.status === 'running') return 'Checking now…';
  const when = c.finishedAt ? formatWhen(Date.parse(c.finishedAt)) : '';
  if (c.status === 'failed') return `Failed ${when}: ${c.error ?? 'no reason given'}`;
  const kept = c.failedCells ? `; ${formatCount(c.failedCells)} of its ESG refreshes failed and kept their last result (${c.error ?? 'no reason given'})` : '';
  if (c.baseline) return `${when}: first check, ${formatCount(c.rows ?? 0)} companies (the baseline)${kept}`;
  return `${when}: ${c.changes === 1 ? '1 change' : `${formatCount(c.changes ?? 0)} changes`}${kept}`;
}

function watchedInWords(w: TeamWatchSummary): string {
  if (w.item.kind === 'search') return `Search ‘${w.item.name}’`;
  const modules = (w.modules ?? []).map((m) => MODULE_LABELS[m]).join(', ');
  return `List ‘${w.item.name}’${modules ? `: ${modules}` : ''}${w.scoreThreshold ? `, score moves of ${formatNumber(w.scoreThreshold, 1)} points or more` : ''}`;
}
