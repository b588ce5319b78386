// PLACEHOLDER until the match issue lands: every call answers a clear "not available yet".
import { AppError } from '../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../core/feature-deps';
import { bridgeTable } from '../../shared/bridge/table';

export function createMatchFeature(_deps: FeatureDeps): FeatureModule<'match'> {
  const handlers = Object.fromEntries(
    Object.keys(bridgeTable.match.fns).map((name) => [
      name,
      async () => {
        throw new AppError('internal', 'Match is not available in this build yet.');
      },
    ]),
  ) as unknown as FeatureModule<'match'>['handlers'];
  return { handlers };
}
