// The one notification area: the lost-core banner (persistent, first) and app notices (vault
// fallback, corrupt settings, ...) stacked below it, each dismissable and one line high; a long
// message opens with "More". Initial notices come with app.info(); later ones through app.onNotice.
import { useState } from 'react';
import type { Notice } from '../../shared/bridge/groups/app';
import { useBridgeHealth, useBridgeHealthMonitor } from '../data/bridge-health-context';
import { useAppInfo, useConnectionStatus } from '../data/profiles';
import { useBridgeEvent } from '../data/useBridgeEvent';
import { formatClock } from '../ui/format';

/** One banner per notice: the same id or the same text from several sources (pushed, app.info, vault status) shows once. */
export function mergeNotices(...lists: Notice[][]): Notice[] {
  const ids = new Set<string>();
  const messages = new Set<string>();
  const out: Notice[] = [];
  for (const n of lists.flat()) {
    if (ids.has(n.id) || messages.has(n.message)) continue;
    ids.add(n.id);
    messages.add(n.message);
    out.push(n);
  }
  return out;
}

/** What the lost banner says after its first sentence, per shell. */
export function lostAdvice(shell: 'electron' | 'browser' | undefined): string {
  return shell === 'electron'
    ? 'If it does not come back within a minute, restart Firmscope.'
    : 'If the browser-mode host stopped, start it again with the same data folder (npm run browser) and open the link it prints; your work is kept.';
}

export function Notices() {
  const info = useAppInfo();
  const status = useConnectionStatus();
  const [pushed, setPushed] = useState<Notice[]>([]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  useBridgeEvent('app', 'notice', (n) => setPushed((list) => [...list.filter((x) => x.id !== n.id), n]));

  const vaultNotice = status.data?.vault.notice;
  const vault: Notice[] = vaultNotice && !(info.data?.notices ?? []).some((n) => n.message === vaultNotice)
    ? [{ id: 'vault', level: 'warning', message: vaultNotice }]
    : [];
  // Dismissed by id and by text: the same notice may come back from another source with another id.
  const visible = mergeNotices(pushed, info.data?.notices ?? [], vault).filter((n) => !dismissed.has(n.id) && !dismissed.has(n.message));
  const dismiss = (list: Notice[]) =>
    setDismissed((s) => {
      const next = new Set(s);
      for (const n of list) next.add(n.id).add(n.message);
      return next;
    });

  return (
    <div className="notices" aria-label="Notifications" role="region">
      <LostBanner shell={info.data?.shell} />
      {visible.map((n) => (
        <NoticeLine key={n.id} level={n.level} text={n.message} onDismiss={() => dismiss([n])} />
      ))}
      {visible.length > 1 ? (
        <button type="button" className="button button--ghost button--small notices__all" onClick={() => dismiss(visible)}>
          Dismiss all {visible.length} notices
        </button>
      ) : null}
    </div>
  );
}

function LostBanner({ shell }: { shell: 'electron' | 'browser' | undefined }) {
  const health = useBridgeHealth();
  const monitor = useBridgeHealthMonitor();
  if (health.state !== 'lost') return null;
  const text =
    health.reason === 'stopped'
      ? `${health.message} States shown are as of ${formatClock(health.since).slice(0, 8)}.`
      : `${health.message} States shown are as of ${formatClock(health.since).slice(0, 8)} and may be out of date; reconnecting (check ${health.checks}). ${lostAdvice(shell)}`;
  return (
    <NoticeLine level="error" text={text} testId="bridge-lost" action={{ label: 'Check now', run: () => monitor?.checkNow() }} />
  );
}

/** One line; the full text opens with "More" (and is always in the accessible name of the text). */
function NoticeLine({
  level,
  text,
  onDismiss,
  action,
  testId,
}: {
  level: Notice['level'];
  text: string;
  onDismiss?: () => void;
  action?: { label: string; run: () => void };
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`banner banner--${level} banner--line${open ? ' banner--open' : ''}`} role={level === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <div className="banner__text" title={open ? undefined : text}>
        {text}
      </div>
      {text.length > 80 ? (
        <button type="button" className="button button--ghost button--small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Less' : 'More'}
        </button>
      ) : null}
      {action ? (
        <button type="button" className="button button--small" onClick={action.run}>
          {action.label}
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" className="button button--ghost button--small banner__dismiss" onClick={onDismiss} aria-label={`Dismiss notice: ${text.slice(0, 60)}`}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
