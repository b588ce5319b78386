// firmscope:// links that opened the app (a digest mail, a chat message): main tells the page the
// place a link names (team.linkOpened) and keeps the latest until the page asks (team.pendingLink),
// so a link that started the app before this page loaded still lands. `onLink` gets each place once.
import { useEffect, useRef } from 'react';
import type { DeepLink } from '../../shared/team/deep-link';
import { groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';

const teamCalls = groupCalls('team');

export function useOpenedLinks(onLink: (link: DeepLink) => void): void {
  const latest = useRef(onLink);
  latest.current = onLink;
  useEffect(() => {
    void teamCalls
      .pendingLink()
      .then((link) => link && latest.current(link))
      .catch(() => undefined);
  }, []);
  useBridgeEvent('team', 'linkOpened', (link) => {
    // Shown now: what main keeps for a later page load is this same link, so it is taken.
    void teamCalls.pendingLink().catch(() => undefined);
    latest.current(link);
  });
}
