// Route -> screen. Feature screens read route parameters through useNavigation().
// Search (the first screen), Settings and Exports are in the first bundle; the heavier screens
// (ESG with its charts, Match, Lists, ESG runs, What changed, Diagnostics) load on first visit, so the first screen stays within
// its size budget (bench/bundle-size.ts, test/packaging/bundle-size.test.ts).
import { Suspense, type ReactElement } from 'react';
import { SettingsScreen } from '../profiles/SettingsScreen';
import { ExportsPanel } from '../export/ExportsPanel';
import { SearchScreen } from '../search/SearchScreen';
import { lazyScreen } from '../ui/lazy-screen';
import type { Route } from '../state/navigation';

const LAZY = {
  esg: lazyScreen(() => import('../esg/EsgScreen').then((m) => m.EsgScreen)),
  match: lazyScreen(() => import('../match/MatchScreen').then((m) => m.MatchScreen)),
  runs: lazyScreen(() => import('../esg-runs/RunsScreen').then((m) => m.RunsScreen)),
  lists: lazyScreen(() => import('../lists/ListsScreen').then((m) => m.ListsScreen)),
  diagnostics: lazyScreen(() => import('../diagnostics/DiagnosticsScreen').then((m) => m.DiagnosticsScreen)),
  watches: lazyScreen(() => import('../watches/WhatChangedScreen').then((m) => m.WhatChangedScreen)),
  team: lazyScreen(() => import('../team/TeamScreen').then((m) => m.TeamScreen)),
};
const { esg: { Component: EsgScreen }, match: { Component: MatchScreen }, runs: { Component: RunsScreen }, lists: { Component: ListsScreen }, diagnostics: { Component: DiagnosticsScreen }, watches: { Component: WhatChangedScreen }, team: { Component: TeamScreen } } = LAZY;

/** Fetches every lazy screen (after the first screen is up), so a later visit needs no host. */
export function prefetchScreens(): Promise<void> {
  return Promise.all(Object.values(LAZY).map((s) => s.prefetch())).then(() => undefined);
}

const SCREENS: Record<Route['screen'], () => ReactElement> = {
  search: () => <SearchScreen />,
  esg: () => <EsgScreen />,
  match: () => <MatchScreen />,
  runs: () => <RunsScreen />,
  exports: () => <ExportsPanel />,
  settings: () => <SettingsScreen />,
  diagnostics: () => <DiagnosticsScreen />,
  lists: () => <ListsScreen />,
  watches: () => <WhatChangedScreen />,
  team: () => <TeamScreen />,
};

export function ScreenFor({ route }: { route: Route }) {
  return (
    <Suspense fallback={<p className="screen-loading" role="status">Loading…</p>}>
      {SCREENS[route.screen]()}
    </Suspense>
  );
}
