// One change in the inbox: unread mark (bold and a hidden "Unread"), its kind, the company by name
// (opens it on the ESG screen), what changed with formatted values, and Mark read.
import { CHANGE_KIND_LABELS, type WatchChange } from '../../shared/watches/watches';
import { useNavigation } from '../app/navigation';
import { changeSubject, changeValues } from './watch-format';

export function ChangeRow({ change: c, onMarkRead, busy }: { change: WatchChange; onMarkRead(): void; busy: boolean }) {
  const { navigate } = useNavigation();
  const name = c.companyName ?? 'Company without a name';
  const subject = changeSubject(c);
  const values = changeValues(c);
  const open = () => navigate({ screen: 'esg', companyId: c.companyId, ...(c.companyName ? { companyName: c.companyName } : {}), ...(c.module ? { module: c.module } : {}) });
  return (
    <li className={`change${c.read ? '' : ' change--unread'}`} data-testid="change-row" data-kind={c.kind} data-company-id={c.companyId}>
      {c.read ? null : <span className="visually-hidden">Unread: </span>}
      <span className={`change__kind change__kind--${c.kind}`}>{CHANGE_KIND_LABELS[c.kind]}</span>
      <button type="button" className="button button--ghost button--small change__company" title={`Open ${name} on the ESG screen`} onClick={open}>
        {name}
      </button>
      {subject || values ? (
        <span className="change__what">
          {subject ? <span className="change__subject">{subject}</span> : null}
          {subject && values ? ': ' : null}
          {values}
        </span>
      ) : null}
      {c.read ? null : (
        <button type="button" className="button button--ghost button--small change__mark" disabled={busy} aria-label={`Mark read: ${CHANGE_KIND_LABELS[c.kind]}, ${name}`} onClick={onMarkRead}>
          Mark read
        </button>
      )}
    </li>
  );
}
