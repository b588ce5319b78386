// The frame: header, notices, navigation and the current screen inside an error boundary.
import { useOpenedLinks } from '../data/team-links';
import { useTeamUnreadCount } from '../data/team-inbox';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AppHeader } from './AppHeader';
import { BridgeHealthProvider } from '../data/bridge-health-context';
import { useEsgLiveUpdates } from '../data/esg';
import { useRunFinishedWebNotifications } from '../esg/run-finished-notify';
import { ConnectionSync } from './ConnectionSync';
import { ErrorBoundary } from './ErrorBoundary';
import { NavBar } from './NavBar';
import { NavigationContext, type Navigation, type Route } from '../state/navigation';
import { Notices } from './Notices';
import { navItemForShortcut } from './routes';
import { prefetchScreens, ScreenFor } from './screens';
import { ScreenStateProvider, useSaveState } from '../state/screen-store';
import { useCheckFinishedNotifications } from '../watches/check-finished-notify';
import { useUnreadCount, useWatchesLiveUpdates } from '../data/watches';

/** The frame says whether everything the analyst changed is saved (save-status.ts): `data-save-state`. */
function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app" data-save-state={useSaveState()}>
      {children}
    </div>
  );
}

export function App({ initialRoute = { screen: 'search' } }: { initialRoute?: Route }) {
  const [route, setRoute] = useState<Route>(initialRoute);
  const mainRef = useRef<HTMLElement>(null);
  const focusMain = useRef(false);

  // Screens navigating elsewhere (e.g. Search -> ESG) move focus to the new screen;
  // the nav bar keeps focus on itself so arrow keys keep working.
  const navigate = useCallback((r: Route) => {
    focusMain.current = true;
    setRoute(r);
  }, []);
  const navigateFromNav = useCallback((screen: Route['screen']) => {
    focusMain.current = false;
    setRoute({ screen } as Route);
  }, []);
  // ESG progress/completion events feed the cache on every screen, not only while ESG is open.
  useEsgLiveUpdates();
  useRunFinishedWebNotifications();
  // Watches: checks finish on any screen; the nav says how many changes are unread.
  useWatchesLiveUpdates();
  useCheckFinishedNotifications();
  const unread = useUnreadCount() ?? 0;
  // The team server's inbox: checks with changes this analyst has not read.
  const teamUnread = useTeamUnreadCount() ?? 0;
  const nav = useMemo<Navigation>(() => ({ route, navigate }), [route, navigate]);

  // The lazy screens load once the first screen is up and the page is idle (see lazy-screen.ts).
  useEffect(() => {
    const start = () => void prefetchScreens();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(start, 1000);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    if (!focusMain.current) return;
    focusMain.current = false;
    mainRef.current?.focus();
  }, [route]);

  // A firmscope:// link (a digest, a chat message) opens the Team screen at its place.
  useOpenedLinks((link) => navigate({ screen: 'team', link }));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const item = navItemForShortcut(e.key) ?? (/^Digit\d$/.test(e.code) ? navItemForShortcut(e.code.slice(5)) : undefined);
      if (!item) return;
      e.preventDefault();
      navigate({ screen: item.screen } as Route);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <BridgeHealthProvider>
      <NavigationContext.Provider value={nav}>
        <ScreenStateProvider>
          <ConnectionSync />
          <a className="skip-link" href="#main-content">
            Skip to content
          </a>
          <AppFrame>
            <AppHeader />
            <NavBar current={route.screen} onSelect={navigateFromNav} badges={{ watches: { count: unread, noun: 'unread' }, team: { count: teamUnread, noun: 'unread' } }} />
            <main id="main-content" ref={mainRef} tabIndex={-1} className="app-main">
              <Notices />
              <ErrorBoundary resetKey={route.screen} onBack={() => navigate({ screen: 'search' })}>
                <ScreenFor route={route} />
              </ErrorBoundary>
            </main>
          </AppFrame>
        </ScreenStateProvider>
      </NavigationContext.Provider>
    </BridgeHealthProvider>
  );
}
