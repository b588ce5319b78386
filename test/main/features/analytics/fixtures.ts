// Companies as the analytics read them, for the pure tests; deps on a real workspace for the feature's.
import type { AnalyticsCompany } from '../../../../src/main/features/analytics/company-facts';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { ProfileSchema } from '../../../../src/shared/profile';
import { testWorkspacePort } from '../../../helpers/workspace';

export const ANALYTICS_PROFILE = ProfileSchema.parse({ id: 'p1', name: 'Research desk', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });

export function company(id: string, o: Partial<AnalyticsCompany> = {}): AnalyticsCompany {
  return {
    companyId: id,
    name: `Company ${id}`,
    country: null,
    division: null,
    overall: null,
    environmental: null,
    social: null,
    governance: null,
    rating: null,
    lastRefreshed: null,
    overallChange: null,
    previousRating: null,
    ...o,
  };
}

export const DE = { key: 'DE', label: 'Germany' };
export const FR = { key: 'FR', label: 'France' };
export const D62 = { key: '62', label: '62 Computer programming, consultancy and related activities' };
export const D10 = { key: '10', label: '10 Manufacture of food products' };

/** Feature deps on a real workspace in `dir` for profile p1; analytics never call the service. */
export function analyticsDeps(dir: string, now: number): FeatureDeps {
  return {
    api: async () => {
      throw new Error('analytics never call the service');
    },
    activeProfile: () => ANALYTICS_PROFILE,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: () => {},
    shell: { kind: 'browser', chooseExportPath: async () => null, revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
    dataDir: dir,
    workspace: testWorkspacePort(dir, () => 'p1'),
    now: () => now,
  };
}
