// PLACEHOLDER until the esg issue lands: every call answers a clear "not available yet".
import { AppError } from '../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../core/feature-deps';
import { bridgeTable } from '../../shared/bridge/table';

export function createEsgFeature(_deps: FeatureDeps): FeatureModule<'esg'> {
  const handlers = Object.fromEntries(
    Object.keys(bridgeTable.esg.fns).map((name) => [
      name,
      async () => {
        throw new AppError('internal', 'Esg is not available in this build yet.');
      },
    ]),
  ) as unknown as FeatureModule<'esg'>['handlers'];
  return { handlers };
}
