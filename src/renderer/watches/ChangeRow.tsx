// One change in the inbox: unread mark (bold and a hidden "Unread"), its kind, the company by name
// (opens it on the ESG screen), what changed with formatted values, and Mark read. Every service
// text (name, field, values, titles) is shown through the one sanitiser and isolated in <bdi>.
import { Fragment } from 'react';
import { oneLineText } from '../../shared/service-text';
import { CHANGE_KIND_LABELS, type WatchChange } from '../../shared/watches/watches';
import { useNavigation } from '../state/navigation';
import { ServiceText } from '../ui/ServiceText';
import { changeParts, changeSubject } from './watch-format';
import { formatWhen } from '../ui/format';

/** Opens the change's company on the ESG screen, the change said above its record (issue 38). */
export function useOpenFromChange(c: WatchChange, words: string): () => void {
  const { navigate } = useNavigation();
  return () =>
    navigate({ screen: 'esg', companyId: c.companyId, ...(c.companyName ? { companyName: c.companyName } : {}), ...(c.module ? { module: c.module } : {}), fromChange: `${words} (${formatWhen(c.at)})` });
}

export function ChangeRow({ change: c, onMarkRead, busy }: { change: WatchChange; onMarkRead(): void; busy: boolean }) {
  const name = c.companyName ?? 'Company without a name';
  // Attributes cannot hold a <bdi>: one line without bidi controls.
  const nameLine = oneLineText(name);
  const subject = changeSubject(c);
  const parts = changeParts(c);
  const open = useOpenFromChange(c, [CHANGE_KIND_LABELS[c.kind], subject, parts.map((p) => (typeof p === 'string' ? p : p.value)).join('')].filter(Boolean).join(': '));
  return (
    <li className={`change${c.read ? '' : ' change--unread'}`} data-testid="change-row" data-kind={c.kind} data-company-id={c.companyId}>
      {c.read ? null : <span className="visually-hidden">Unread: </span>}
      <span className={`change__kind change__kind--${c.kind}`}>{CHANGE_KIND_LABELS[c.kind]}</span>
      <button type="button" className="button button--ghost button--small change__company" title={`Open ${nameLine} on the ESG screen`} onClick={open}>
        <ServiceText text={name} />
      </button>
      {subject || parts.length ? (
        <span className="change__what">
          {subject ? <ServiceText className="change__subject" text={subject} /> : null}
          {subject && parts.length ? ': ' : null}
          {parts.map((p, i) => (typeof p === 'string' ? <Fragment key={i}>{p}</Fragment> : <ServiceText key={i} text={p.value} />))}
        </span>
      ) : null}
      {c.read ? null : (
        <button type="button" className="button button--ghost button--small change__mark" disabled={busy} aria-label={`Mark read: ${CHANGE_KIND_LABELS[c.kind]}, ${nameLine}`} onClick={onMarkRead}>
          Mark read
        </button>
      )}
    </li>
  );
}
