// The team's What changed inbox: every check of a team watch that found changes, newest first, read
// or not by this analyst (the marks are per member on the server). Open shows the check's changes
// and marks it read; each can be marked unread again; "Mark all as read" marks what is shown.
import type { InboxEntry } from '../../shared/team/inbox';
import { useMarkTeamInbox, useTeamInbox } from '../data/team-inbox';
import { mutateThen } from '../data/mutate-then';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { formatCount, formatWhen } from '../ui/format';
import { inboxCountsInWords } from './team-format';

export interface TeamInboxProps {
  /** Shows the changes of that check (the Team screen's changes panel). */
  onOpen(entry: InboxEntry): void;
}

export function TeamInbox({ onOpen }: TeamInboxProps) {
  const inbox = useTeamInbox();
  const mark = useMarkTeamInbox();
  const entries = inbox.data?.pages.flatMap((p) => p.entries) ?? [];
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const open = (e: InboxEntry) => {
    if (!e.read) mutateThen(mark, { read: { checkIds: [e.checkId] } }, {});
    onOpen(e);
  };
  const columns: TableColumn<InboxEntry>[] = [
    { key: 'when', header: 'Checked', cell: (e) => formatWhen(Date.parse(e.finishedAt)) },
    { key: 'watch', header: 'Watch', rowHeader: true, cell: (e) => (e.read ? e.watch.name : <strong>{e.watch.name}</strong>) },
    { key: 'what', header: 'What changed', cell: (e) => inboxCountsInWords(e.counts, e.companies) },
    { key: 'read', header: 'Read', cell: (e) => (e.read ? 'Read' : 'Unread') },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (e) => (
        <span className="team-watch-actions">
          <button type="button" className="button" onClick={() => open(e)} aria-label={`Open the changes of ‘${e.watch.name}’ checked ${formatWhen(Date.parse(e.finishedAt))}`}>
            Open
          </button>
          <button
            type="button"
            className="button"
            disabled={mark.isPending}
            onClick={() => mutateThen(mark, e.read ? { unread: [e.checkId] } : { read: { checkIds: [e.checkId] } }, {})}
            aria-label={`${e.read ? 'Mark unread' : 'Mark read'}: ‘${e.watch.name}’ checked ${formatWhen(Date.parse(e.finishedAt))}`}
          >
            {e.read ? 'Mark unread' : 'Mark read'}
          </button>
        </span>
      ),
    },
  ];
  const newest = entries[0];
  return (
    <section aria-labelledby="team-inbox-title">
      <h2 id="team-inbox-title" className="section-title">
        What changed on the team
      </h2>
      {inbox.isPending ? <Spinner label="Loading the team's changes…" /> : null}
      {inbox.isError ? <ErrorMessage error={inbox.error} title="Could not load what changed on the team" onRetry={() => void inbox.refetch()} alwaysRetry /> : null}
      {inbox.data ? (
        <>
          <div className="action-bar">
            <span role="status">{unread === 0 ? 'All read' : unread === 1 ? '1 check with changes unread' : `${formatCount(unread)} checks with changes unread`}</span>
            <button
              type="button"
              className="button"
              disabled={unread === 0 || !newest || mark.isPending}
              onClick={() => newest && mutateThen(mark, { read: { all: true, before: newest.finishedAt } }, {})}
            >
              Mark all as read
            </button>
          </div>
          {entries.length === 0 ? (
            <p>No team watch has found changes yet. Checks that find some are listed here for everyone on the team.</p>
          ) : (
            <DataTable label="What changed on the team" columns={columns} rows={entries} rowKey={(e) => String(e.checkId)} rowProps={(e) => (e.read ? {} : { className: 'data-table__row--marked' })} />
          )}
          {inbox.hasNextPage ? (
            <button type="button" className="button" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
              {inbox.isFetchingNextPage ? 'Loading older checks…' : 'Show older checks'}
            </button>
          ) : null}
          {mark.error ? <ErrorMessage error={mark.error} /> : null}
        </>
      ) : null}
    </section>
  );
}
