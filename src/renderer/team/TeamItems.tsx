// The saved searches and lists shared with the team: who shared each, its size, when it changed;
// anyone copies one into their own workspace or watches it with the team; its owner edits or removes
// it (removal asks first and says which team watches stop). A saved search or list of the analyst's
// is shared here without watching it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TeamItemSummary } from '../../shared/team/items';
import type { TeamWatchSummary } from '../../shared/team/watches';
import { SAVED_KEY, searchCalls } from '../data/search';
import { useLists } from '../data/lists';
import { mutateThen } from '../data/mutate-then';
import { useCopyTeamItem, useRemoveTeamItem, useShareTeamItem, useTeamItems } from '../data/team-items';
import { ConfirmBar } from '../ui/ConfirmBar';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { formatCount, formatWhen } from '../ui/format';
import { EditTeamItem, WatchTeamItem } from './TeamItemPanels';

type Panel = { kind: 'watch' | 'edit' | 'remove'; item: TeamItemSummary };

export function TeamItems({ watches }: { watches: readonly TeamWatchSummary[] }) {
  const items = useTeamItems();
  const copy = useCopyTeamItem();
  const remove = useRemoveTeamItem();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const done = (message: string) => {
    setPanel(null);
    setSaid(message);
  };
  const copyItem = (item: TeamItemSummary) =>
    mutateThen(copy, { itemId: item.id }, {
      onSuccess: (c) => setSaid(c.kind === 'search' ? `Copied into your workspace as the saved search ‘${c.name}’.` : `Copied into your workspace as the list ‘${c.name}’ (${formatCount(c.companies)} ${c.companies === 1 ? 'company' : 'companies'}).`),
    });
  const columns: TableColumn<TeamItemSummary>[] = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (i) => i.name },
    { key: 'what', header: 'What', cell: (i) => (i.kind === 'search' ? 'Saved search' : `List of ${formatCount(i.size)} ${i.size === 1 ? 'company' : 'companies'}`) },
    { key: 'owner', header: 'Shared by', cell: (i) => (i.mine ? 'You' : i.owner.name) },
    { key: 'updated', header: 'Changed', cell: (i) => formatWhen(Date.parse(i.updatedAt)) },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (i) => (
        <span className="team-watch-actions">
          <button type="button" className="button" disabled={copy.isPending} onClick={() => copyItem(i)} aria-label={`Copy to my workspace: ‘${i.name}’`}>
            Copy to my workspace
          </button>
          <button type="button" className="button" onClick={() => setPanel({ kind: 'watch', item: i })} aria-label={`Watch with the team: ‘${i.name}’`}>
            Watch with the team
          </button>
          {i.mine ? (
            <>
              <button type="button" className="button" onClick={() => setPanel({ kind: 'edit', item: i })} aria-label={`Edit: ‘${i.name}’`}>
                Edit
              </button>
              <button type="button" className="button" onClick={() => setPanel({ kind: 'remove', item: i })} aria-label={`Remove: ‘${i.name}’`}>
                Remove
              </button>
            </>
          ) : null}
        </span>
      ),
    },
  ];
  const watchedBy = panel ? watches.filter((w) => w.item.id === panel.item.id).length : 0;
  return (
    <section aria-labelledby="team-items-title">
      <h2 id="team-items-title" className="section-title">
        Shared with the team
      </h2>
      {items.isPending ? <Spinner label="Loading what the team shares…" /> : null}
      {items.isError ? <ErrorMessage error={items.error} title="Could not load what the team shares" onRetry={() => void items.refetch()} alwaysRetry /> : null}
      {items.data?.length === 0 ? <p>Nothing is shared with the team yet.</p> : null}
      {items.data?.length ? <DataTable label="Shared with the team" columns={columns} rows={items.data} rowKey={(i) => i.id} /> : null}
      {said ? <p role="status">{said}</p> : null}
      {copy.error ? <ErrorMessage error={copy.error} /> : null}
      {panel?.kind === 'watch' ? <WatchTeamItem key={panel.item.id} item={panel.item} onDone={done} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'edit' ? <EditTeamItem key={panel.item.id} item={panel.item} onDone={done} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'remove' ? (
        <ConfirmBar
          confirmLabel="Remove"
          busy={remove.isPending}
          onConfirm={() => mutateThen(remove, { itemId: panel.item.id }, { onSuccess: () => done(`‘${panel.item.name}’ is no longer shared with the team.`) })}
          onCancel={() => setPanel(null)}
          after={remove.error ? <ErrorMessage error={remove.error} /> : null}
        >
          Remove ‘{panel.item.name}’ from the team?{' '}
          {watchedBy === 0 ? 'No team watch uses it.' : `${watchedBy === 1 ? '1 team watch' : `${formatCount(watchedBy)} team watches`} of it stop, for everyone.`} Copies in members&apos; workspaces stay.
        </ConfirmBar>
      ) : null}
      <ShareItem />
    </section>
  );
}

/** Shares a saved search or a list of the analyst's with the team, without watching it. */
function ShareItem() {
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => searchCalls.listSaved() });
  const lists = useLists();
  const share = useShareTeamItem();
  const [choice, setChoice] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const searches = saved.data ?? [];
  const all = lists.data ?? [];
  const chosen = choice || (searches[0] ? `s:${searches[0].id}` : all[0] ? `l:${all[0].id}` : '');
  if (searches.length === 0 && all.length === 0) return <p>Save a search or make a list first; then it can be shared with the team here.</p>;
  const submit = () => {
    setSaid(null);
    const from = chosen.startsWith('s:') ? { savedSearchId: chosen.slice(2) } : { listId: Number(chosen.slice(2)) };
    mutateThen(share, from, { onSuccess: (i) => setSaid(`‘${i.name}’ is shared with the team.`) });
  };
  return (
    <form
      aria-label="Share with the team"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SelectField label="Saved search or list to share" value={chosen} onChange={(e) => setChoice(e.target.value)}>
        {searches.length ? (
          <optgroup label="Saved searches">
            {searches.map((s) => (
              <option key={s.id} value={`s:${s.id}`}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {all.length ? (
          <optgroup label="Lists">
            {all.map((l) => (
              <option key={l.id} value={`l:${l.id}`}>
                {`${l.name} (${formatCount(l.memberCount)} ${l.memberCount === 1 ? 'company' : 'companies'})`}
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
      <div className="action-bar">
        <button type="submit" className="button" disabled={share.isPending}>
          Share with the team
        </button>
        {said ? <span role="status">{said}</span> : null}
      </div>
      {share.error ? <ErrorMessage error={share.error} /> : null}
    </form>
  );
}
