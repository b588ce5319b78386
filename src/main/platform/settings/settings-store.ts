// Settings file for the core and every feature. A file that cannot be read (broken JSON, schema
// violation) is moved aside as `<file>.corrupt-<timestamp>` and reported; it is never silently reset.
import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import type { FeatureSettings } from '../ports/feature-deps';
import { LimitError, SETTINGS_MAX_BYTES } from '../../../shared/limits';
import { confBackend, SETTINGS_ROOT_SCHEMA, type SettingsBackend, type SettingsBackendFactory } from './settings-backend';
import { diskError } from './disk-error';

export const SETTINGS_NAME = 'firmscope-settings';

export interface SettingsProblem {
  kind: 'corrupt_file' | 'invalid_key';
  message: string;
  /** Where the unreadable file was kept (corrupt_file). */
  keptAs?: string;
}

export interface SettingsStore extends FeatureSettings {
  readonly path: string;
  get(key: string): unknown;
  delete(key: string): void;
}

export function openSettings(opts: {
  dataDir: string;
  /** Largest settings file (JSON text) a write may produce; default SETTINGS_MAX_BYTES. */
  maxBytes?: number;
  backend?: SettingsBackendFactory;
  now?: () => number;
  onProblem?: (p: SettingsProblem) => void;
}): SettingsStore {
  const factory = opts.backend ?? confBackend;
  const now = opts.now ?? Date.now;
  const report = opts.onProblem ?? (() => {});
  const backendOpts = { cwd: opts.dataDir, name: SETTINGS_NAME, schema: SETTINGS_ROOT_SCHEMA };
  const file = join(opts.dataDir, `${SETTINGS_NAME}.json`);

  /** A write the disk refused, said with the problem and the folder (a full disk, a read-only one...). */
  const saving = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw diskError(e, 'Settings', dirname(file)) ?? e;
    }
  };

  let backend: SettingsBackend;
  try {
    backend = factory(backendOpts);
  } catch (e) {
    // Only an unreadable *content* is moved aside; a permission or disk error is not the file's fault.
    if (!existsSync(file) || !isContentProblem(e)) throw diskError(e, 'Settings', dirname(file)) ?? e;
    const keptAs = `${file}.corrupt-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, keptAs);
    report({
      kind: 'corrupt_file',
      keptAs,
      message: `The settings file could not be read (${describe(e)}). It was kept as ${keptAs} and Firmscope started with fresh settings; profiles and secrets stored in the keychain can be re-linked by saving the profiles again.`,
    });
    backend = saving(() => factory(backendOpts));
  }

  const reported = new Set<string>();
  return {
    path: backend.path,
    get: (key) => backend.get(key),
    delete: (key) => saving(() => backend.delete(key)),
    read<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
      const raw = backend.get(key);
      if (raw === undefined) return fallback;
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      if (!reported.has(key)) {
        reported.add(key);
        const issue = parsed.error.issues[0];
        report({
          kind: 'invalid_key',
          message: `Saved settings "${key}" are not valid (${issue?.path.join('.') || 'value'}: ${issue?.message}); defaults are used until they are saved again.`,
        });
      }
      return fallback;
    },
    write(key, value) {
      if (value === undefined) return saving(() => backend.delete(key));
      // The whole file after this write, as JSON text: refuse before anything is written.
      const maxBytes = opts.maxBytes ?? SETTINGS_MAX_BYTES;
      const size = Buffer.byteLength(JSON.stringify({ ...(backend.store ?? {}), [key]: value }) ?? '');
      if (size > maxBytes) throw new LimitError('The settings file', maxBytes, 'bytes');
      saving(() => backend.set(key, value));
    },
  };
}

function isContentProblem(e: unknown): boolean {
  return e instanceof SyntaxError || (e instanceof Error && e.message.startsWith('Config schema violation'));
}

function describe(e: unknown): string {
  if (e instanceof SyntaxError) return 'it is not valid JSON';
  const msg = e instanceof Error ? e.message : String(e);
  return msg.startsWith('Config schema violation') ? 'its content does not match the expected structure' : msg.slice(0, 200);
}
