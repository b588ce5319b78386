// Team: the team server's watches, which run there while this computer is off. Each with what it
// watches, who made it, its schedule, its last check (when, what it cost, what it found) and
// Check now; the changes of a watch's last check; each watch's digests; the team's What changed
// inbox; a saved search or a list shared and watched in one step.
import { useEffect, useRef, useState } from 'react';
import type { DeepLink } from '../../shared/team/deep-link';
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
import { rulesInWords } from '../../shared/watches/rules';
import { TeamWatchRules } from './TeamWatchRules';
import { TeamChanges } from './TeamChanges';
import { TeamDigests } from './TeamDigests';
import { TeamInbox } from './TeamInbox';
import { TeamItems } from './TeamItems';
import { subscriptionsShort } from './team-format';
import { useDigestSubscriptions } from '../data/team-digests';
import { useRefreshTeamInbox } from '../data/team-inbox';
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

type Panel = { kind: 'changes'; watchId: string; checkId?: number; companyId?: string } | { kind: 'digests'; watchId: string | null } | { kind: 'rules'; watchId: string };

/** The panel a firmscope:// link asks for: a check's changes (that company first) or the digests. */
function panelOf(link: DeepLink | undefined): Panel | null {
  if (link?.kind === 'digests') return { kind: 'digests', watchId: null };
  if (link?.kind !== 'changes') return null;
  const checkId = link.checkId && /^\d+$/.test(link.checkId) ? Number(link.checkId) : undefined;
  return { kind: 'changes', watchId: link.watchId, ...(checkId ? { checkId } : {}), ...(link.companyId ? { companyId: link.companyId } : {}) };
}

function TeamWatches() {
  const watches = useTeamWatches(true);
  const subs = useDigestSubscriptions();
  const checkNow = useTeamCheckNow();
  const { route } = useNavigation();
  const link = route.screen === 'team' ? route.link : undefined;
  const [panel, setPanel] = useState<Panel | null>(null);
  useEffect(() => setPanel(panelOf(link)), [link]);
  useRefreshInboxOnChecks(watches.data);
  if (watches.isPending) return <Spinner label="Loading the team's watches…" />;
  if (watches.isError) return <ErrorMessage error={watches.error} title="Could not load the team's watches" onRetry={() => void watches.refetch()} alwaysRetry />;
  const shown = panel?.watchId ? (watches.data.find((w) => w.id === panel.watchId) ?? null) : null;
  const digestsOf = (w: TeamWatchSummary) => (subs.isError ? 'Not offered by this server' : subs.data ? subscriptionsShort(subs.data.filter((s) => s.watchId === w.id)) : '…');
  const columns: TableColumn<TeamWatchSummary>[] = [
    { key: 'name', header: 'Watch', rowHeader: true, cell: (w) => w.name },
    { key: 'item', header: 'Watches', cell: (w) => watchedInWords(w) },
    { key: 'owner', header: 'Made by', cell: (w) => w.owner.name },
    { key: 'schedule', header: 'Schedule', cell: (w) => scheduleInWords(w.schedule) },
    { key: 'rules', header: 'Alerts', cell: (w) => rulesShort(w) },
    { key: 'last', header: 'Last check', cell: (w) => lastCheckInWords(w) },
    { key: 'cost', header: 'Requests', num: true, cell: (w) => (w.lastCheck ? formatCount(w.lastCheck.requests) : '–') },
    { key: 'next', header: 'Next check', cell: (w) => (w.nextDueAt ? formatWhen(Date.parse(w.nextDueAt)) : 'only on Check now') },
    { key: 'digests', header: 'Your digests', cell: digestsOf },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (w) => (
        <span className="team-watch-actions">
          <button type="button" className="button" onClick={() => checkNow.mutate({ watchId: w.id })} disabled={checkNow.isPending} aria-label={`Check now: ‘${w.name}’`}>
            Check now
          </button>
          <button type="button" className="button" onClick={() => setPanel({ kind: 'changes', watchId: w.id })} aria-label={`Changes found by ‘${w.name}’`} disabled={!w.lastCheck || w.lastCheck.status !== 'done'}>
            Changes
          </button>
          <button type="button" className="button" onClick={() => setPanel({ kind: 'digests', watchId: w.id })} aria-label={`Digests of ‘${w.name}’`}>
            Digests
          </button>
          <button type="button" className="button" onClick={() => setPanel({ kind: 'rules', watchId: w.id })} aria-label={`Alert rules of ‘${w.name}’`}>
            Rules
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
      {panel?.watchId && !shown ? <Banner level="warning">The watch that link names is not on the team server any more (it was deleted).</Banner> : null}
      {panel?.kind === 'changes' && shown ? <TeamChanges watch={shown} checkId={panel.checkId} companyId={panel.companyId} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'rules' && shown ? <TeamWatchRules key={shown.id} watch={shown} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'digests' && (shown || panel.watchId === null) ? <TeamDigests watch={shown} watches={watches.data} onClose={() => setPanel(null)} /> : null}
      <TeamInbox onOpen={(e) => setPanel({ kind: 'changes', watchId: e.watch.id, checkId: e.checkId })} />
      <TeamItems watches={watches.data} />
      <WatchWithTeam />
      <WatchListWithTeam />
    </>
  );
}

/** A team check that ended (seen in the watches' last checks) may be new in the inbox: ask it again. */
function useRefreshInboxOnChecks(watches: readonly TeamWatchSummary[] | undefined) {
  const refresh = useRefreshTeamInbox();
  const ended = (watches ?? []).map((w) => (w.lastCheck?.finishedAt ? `${w.lastCheck.id}` : '')).join(',');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    refresh();
  }, [ended, refresh]);
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

/** "Employees: alerts on a change of 10 % or more. Other fields: any change", or "Every change". */
function rulesShort(w: TeamWatchSummary): string {
  const lines = rulesInWords(w.rules ?? undefined, w.item.kind);
  return lines.length ? lines.join('. ') : 'Every change';
}

function watchedInWords(w: TeamWatchSummary): string {
  if (w.item.kind === 'search') return `Search ‘${w.item.name}’`;
  const modules = (w.modules ?? []).map((m) => MODULE_LABELS[m]).join(', ');
  return `List ‘${w.item.name}’${modules ? `: ${modules}` : ''}${w.scoreThreshold ? `, score moves of ${formatNumber(w.scoreThreshold, 1)} points or more` : ''}`;
}
