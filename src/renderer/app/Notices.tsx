// App notices (e.g. "secrets kept in memory for this run only") as dismissible banners.
// Initial notices come with app.info(); later ones arrive through app.onNotice.
import { useState } from 'react';
import type { Notice } from '../../shared/bridge/groups/app';
import { useAppInfo, useConnectionStatus } from '../connection/queries';
import { useBridgeEvent } from '../hooks/useBridgeEvent';
import { Banner } from '../ui/Banner';

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
  if (visible.length === 0) return null;

  return (
    <div className="notices" aria-label="Notices" role="region">
      {visible.map((n) => (
        <Banner key={n.id} level={n.level} onDismiss={() => setDismissed((s) => new Set(s).add(n.id).add(n.message))}>
          {n.message}
        </Banner>
      ))}
    </div>
  );
}
