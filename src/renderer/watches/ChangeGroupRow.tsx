// A company's several field changes in one check as one row (issue 38): what changed in words
// ("moved (street, postal code, city); employee count changed"), the company (opens it), Mark read
// for all of them, and the single changes on request.
import { oneLineText } from '../../shared/service-text';
import type { WatchChange } from '../../shared/watches/watches';
import { ServiceText } from '../ui/ServiceText';
import { formatCount } from '../ui/format';
import { ChangeRow, useOpenFromChange } from './ChangeRow';
import { groupSummary } from './change-groups';

export function ChangeGroupRow({ changes, busy, onMarkRead }: { changes: WatchChange[]; busy: boolean; onMarkRead(ids: number[]): void }) {
  const first = changes[0]!;
  const name = first.companyName ?? 'Company without a name';
  const summary = groupSummary(changes);
  const unread = changes.filter((c) => !c.read).map((c) => c.id);
  const open = useOpenFromChange(first, `Fields changed: ${summary}`);
  return (
    <li className={`change change--group${unread.length ? ' change--unread' : ''}`} data-testid="change-group" data-company-id={first.companyId}>
      {unread.length ? <span className="visually-hidden">Unread: </span> : null}
      <span className="change__kind change__kind--field">Fields changed</span>
      <button type="button" className="button button--ghost button--small change__company" title={`Open ${oneLineText(name)} on the ESG screen`} onClick={open}>
        <ServiceText text={name} />
      </button>
      <span className="change__what">
        <ServiceText text={summary} />
      </span>
      {unread.length ? (
        <button type="button" className="button button--ghost button--small change__mark" disabled={busy} aria-label={`Mark read: ${formatCount(changes.length)} field changes, ${oneLineText(name)}`} onClick={() => onMarkRead(unread)}>
          Mark read
        </button>
      ) : null}
      <details className="change__details">
        <summary>Show the {formatCount(changes.length)} changes</summary>
        <ul className="inbox__rows">
          {changes.map((c) => (
            <ChangeRow key={c.id} change={c} busy={busy} onMarkRead={() => onMarkRead([c.id])} />
          ))}
        </ul>
      </details>
    </li>
  );
}
