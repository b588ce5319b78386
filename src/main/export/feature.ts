// PLACEHOLDER until the export issue lands: every call answers a clear "not available yet".
import { AppError } from '../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../core/feature-deps';
import { bridgeTable } from '../../shared/bridge/table';

export function createExportFeature(_deps: FeatureDeps): FeatureModule<'export'> {
  const handlers = Object.fromEntries(
    Object.keys(bridgeTable.export.fns).map((name) => [
      name,
      async () => {
        throw new AppError('internal', 'Export is not available in this build yet.');
      },
    ]),
  ) as unknown as FeatureModule<'export'>['handlers'];
  return { handlers };
}
