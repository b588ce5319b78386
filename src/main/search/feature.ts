// PLACEHOLDER until the search issue lands: every call answers a clear "not available yet".
import { AppError } from '../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../core/feature-deps';
import { bridgeTable } from '../../shared/bridge/table';

export function createSearchFeature(_deps: FeatureDeps): FeatureModule<'search'> {
  const handlers = Object.fromEntries(
    Object.keys(bridgeTable.search.fns).map((name) => [
      name,
      async () => {
        throw new AppError('internal', 'Search is not available in this build yet.');
      },
    ]),
  ) as unknown as FeatureModule<'search'>['handlers'];
  return { handlers };
}
