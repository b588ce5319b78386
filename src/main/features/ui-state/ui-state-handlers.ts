// Bridge handlers of uiState: load/save one profile's screen state (see screen-state-store.ts).
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import { ScreenStateStore } from './screen-state-store';

export function createUiStateHandlers(settings: FeatureSettings, now: () => number): BridgeHandlers['uiState'] {
  const store = new ScreenStateStore(settings, now);
  return {
    async load({ profileId }) {
      return store.load(profileId);
    },
    async save({ profileId, screen, state }) {
      store.save(profileId, screen, state);
    },
  };
}
