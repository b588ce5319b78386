// Bridge handlers of uiState: load/save one profile's screen state (see screen-state-store.ts), and
// the analyst's locale (analyst-locale.ts).
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import { systemLocale as osLocale } from '../../platform/tabular/system-locale';
import { AnalystLocaleSetting } from './analyst-locale';
import { ScreenStateStore } from './screen-state-store';

export function createUiStateHandlers(settings: FeatureSettings, now: () => number, systemLocale: () => string = osLocale): BridgeHandlers['uiState'] {
  const store = new ScreenStateStore(settings, now);
  const locale = new AnalystLocaleSetting(settings, systemLocale);
  return {
    async locale() {
      return locale.get();
    },
    async setLocale({ locale: chosen }) {
      return locale.set(chosen);
    },
    async load({ profileId }) {
      return store.load(profileId);
    },
    async save({ profileId, screen, state }) {
      store.save(profileId, screen, state);
    },
  };
}
