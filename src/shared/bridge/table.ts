// THE bridge contract. Preload, ipcMain registration and the browser-mode transport all derive from it.
import type { Emit, Handlers, RendererApi } from './define';
import { analyticsGroup } from './groups/analytics';
import { appGroup } from './groups/app';
import { profilesGroup } from './groups/profiles';
import { diagnosticsGroup } from './groups/diagnostics';
import { esgGroup } from './groups/esg';
import { esgRunsGroup } from './groups/esg-runs';
import { exportGroup } from './groups/export';
import { esgExportGroup } from './groups/esg-export';
import { listsGroup } from './groups/lists';
import { matchGroup } from './groups/match';
import { searchGroup } from './groups/search';
import { snapshotsGroup } from './groups/snapshots';
import { teamGroup } from './groups/team';
import { uiStateGroup } from './groups/ui-state';
import { watchesGroup } from './groups/watches';

export const bridgeTable = {
  app: appGroup,
  profiles: profilesGroup,
  search: searchGroup,
  snapshots: snapshotsGroup,
  export: exportGroup,
  esgExport: esgExportGroup,
  esg: esgGroup,
  esgRuns: esgRunsGroup,
  match: matchGroup,
  diagnostics: diagnosticsGroup,
  uiState: uiStateGroup,
  lists: listsGroup,
  analytics: analyticsGroup,
  watches: watchesGroup,
  team: teamGroup,
};
export type BridgeTable = typeof bridgeTable;
export type FirmscopeApi = RendererApi<BridgeTable>;
export type BridgeHandlers = Handlers<BridgeTable>;
export type BridgeEmit = Emit<BridgeTable>;
