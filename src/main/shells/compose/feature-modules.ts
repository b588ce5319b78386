// The feature modules of the core and the order they are built in, which is the order of their
// dependencies (lists before the features that read them). Apart from createCore so the wiring
// between features reads in one place.
import { createAnalyticsFeature } from '../../features/analytics/feature';
import { createEsgFeature } from '../../features/esg/feature';
import { createEsgRunsFeature } from '../../features/esg-runs/feature';
import { createEsgExportFeature } from '../../features/esg-export/feature';
import { createExportFeature } from '../../features/export/feature';
import { createMatchFeature } from '../../features/match/feature';
import { createSearchFeature } from '../../features/search/feature';
import { createSnapshotFeature } from '../../features/snapshots/feature';
import { createListsFeature } from '../../features/lists/feature';
import { createWatchesFeature, type WatchesOptions } from '../../features/watches/feature';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';

type FeatureKey = 'search' | 'export' | 'esg' | 'esgRuns' | 'esgExport' | 'match' | 'snapshots' | 'lists' | 'analytics' | 'watches';

export function createFeatureModules(deps: FeatureDeps, apiFor: WatchesOptions['apiFor']) {
  // Lists before the features that read them: export, bulk-match review, analytics and the ESG export
  // (`lists.activeStore()`), watches (`lists.store(profileId)`). ESG runs read no list: they get company ids.
  const lists = createListsFeature(deps);
  const search = createSearchFeature(deps);
  const exporter = createExportFeature(deps, { lists });
  const esg = createEsgFeature(deps);
  const esgRuns = createEsgRunsFeature(deps);
  // Bulk-match and ESG files are listed in the export feature's history (the ExportRecords port).
  const match = createMatchFeature(deps, { lists, exports: exporter.records });
  const snapshot = createSnapshotFeature(deps);
  const analytics = createAnalyticsFeature(deps, { lists });
  // The ESG workbook of a list gets an Analytics sheet: the numbers behind the list's charts.
  const esgExport = createEsgExportFeature(deps, { lists, exports: exporter.records, analyticsSheet: (listId) => analytics.sheet(listId) });
  // Watches check saved searches (a snapshot load of their own) and lists (ESG runs), after both started.
  // Each check goes to its own watch's profile (connections.apiFor refuses while another is active).
  const watches = createWatchesFeature(deps, { apiFor, snapshots: snapshot, lists, esgRuns, exports: exporter.records });
  /** Started in this order after the core is up, and disposed together at close. */
  const all: FeatureModule<FeatureKey>[] = [search, exporter, esg, esgRuns, esgExport, match, snapshot, lists, analytics, watches];
  return { lists, search, exporter, esg, esgRuns, match, snapshot, analytics, esgExport, watches, all };
}
