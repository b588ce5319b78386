// Settings in Electron go through electron-store (conf underneath: same file, same atomic writes).
import ElectronStore from 'electron-store';
import type { SettingsBackendFactory } from '../../platform/settings/settings-backend';

export const electronStoreBackend: SettingsBackendFactory = (o) =>
  new ElectronStore<Record<string, unknown>>({
    cwd: o.cwd,
    name: o.name,
    schema: o.schema,
    // Feature keys are plain names; dots must not create nesting.
    accessPropertiesByDotNotation: false,
    // A corrupt file is kept aside and reported by the settings store, never silently reset.
    clearInvalidConfig: false,
    configFileMode: 0o600,
  });
