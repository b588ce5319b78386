// The key-value file behind settings: `conf` in Node, electron-store (conf underneath, same file
// format) in Electron. Both write atomically and validate against the root JSON schema below.
import Conf from 'conf';

export interface SettingsBackend {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  /** Absolute path of the settings file. */
  readonly path: string;
  /** Every key at once (conf and electron-store have it); used to size the file before a write. */
  readonly store?: Record<string, unknown>;
}

export interface SettingsBackendOptions {
  cwd: string;
  /** File name without extension (`<name>.json`). */
  name: string;
  /** JSON schema of the top-level keys (conf/electron-store `schema` option). */
  schema: Record<string, object>;
}

/** Electron passes `(o) => new ElectronStore({ ...o, accessPropertiesByDotNotation: false })`. */
export type SettingsBackendFactory = (opts: SettingsBackendOptions) => SettingsBackend;

export const confBackend: SettingsBackendFactory = (o) =>
  new Conf<Record<string, unknown>>({
    cwd: o.cwd,
    configName: o.name,
    schema: o.schema,
    // Feature keys are plain names; dots must not create nesting.
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
    configFileMode: 0o600,
  });

/** Top-level shape checked by the backend on every read and write. Profiles are checked in detail with zod. */
export const SETTINGS_ROOT_SCHEMA: Record<string, object> = {
  profiles: { type: 'array', items: { type: 'object' } },
  activeProfileId: { type: ['string', 'null'] },
};
