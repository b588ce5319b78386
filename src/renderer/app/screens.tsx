// Route -> screen. Feature screens read route parameters through useNavigation().
// Search (the first screen), Settings and Exports are in the first bundle; the heavier screens
// (ESG with its charts, Match, Lists, ESG runs, Diagnostics) load on first visit, so the first screen stays within
// its size budget (bench/bundle-size.ts, test/packaging/bundle-size.test.ts).
import { lazy, Suspense, type ReactElement } from 'react';
import { SettingsScreen } from '../connection/SettingsScreen';
import { ExportsPanel } from '../export/ExportsPanel';
import { SearchScreen } from '../search/SearchScreen';
import type { Route } from './navigation';

const EsgScreen = lazy(() => import('../esg/EsgScreen').then((m) => ({ default: m.EsgScreen })));
const MatchScreen = lazy(() => import('../match/MatchScreen').then((m) => ({ default: m.MatchScreen })));
const RunsScreen = lazy(() => import('../esg-board/RunsScreen').then((m) => ({ default: m.RunsScreen })));
const ListsScreen = lazy(() => import('../lists/ListsScreen').then((m) => ({ default: m.ListsScreen })));
const DiagnosticsScreen = lazy(() => import('../diagnostics/DiagnosticsScreen').then((m) => ({ default: m.DiagnosticsScreen })));

const SCREENS: Record<Route['screen'], () => ReactElement> = {
  search: () => <SearchScreen />,
  esg: () => <EsgScreen />,
  match: () => <MatchScreen />,
  runs: () => <RunsScreen />,
  exports: () => <ExportsPanel />,
  settings: () => <SettingsScreen />,
  diagnostics: () => <DiagnosticsScreen />,
  lists: () => <ListsScreen />,
};

export function ScreenFor({ route }: { route: Route }) {
  return (
    <Suspense fallback={<p className="screen-loading" role="status">Loading…</p>}>
      {SCREENS[route.screen]()}
    </Suspense>
  );
}
