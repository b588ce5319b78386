// The CSV preset each profile remembers, and the locale separators "Excel on this computer" uses:
// injected locale, per-profile memory in the settings file, nothing kept without a profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import { DEFAULT_CSV_PREFERENCE, type CsvPreference } from '../../../../src/shared/export/csv-presets';
import type { Profile } from '../../../../src/shared/profile';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-csv-pref-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The export feature over an in-memory settings file, with a switchable active profile. */
function setup(locale: string) {
  const h = harness(null, dir);
  const stored = new Map<string, unknown>();
  let profile: string | null = 'p1';
  h.deps.settings = {
    read: <T,>(key: string, schema: z.ZodType<T>, fallback: T) => (stored.has(key) ? schema.parse(structuredClone(stored.get(key))) : fallback),
    write: (key, value) => void stored.set(key, structuredClone(value)),
  };
  h.deps.activeProfile = () => (profile ? ({ id: profile, name: profile } as Profile) : null);
  const feature = createExportFeature(h.deps, { locale: () => locale });
  return { handlers: feature.handlers, use: (id: string | null) => (profile = id), stored };
}

describe('CSV preference', () => {
  it('says the injected locale separators and opens with Excel on this computer', async () => {
    const de = setup('de-DE');
    expect(await de.handlers.csvPreference(undefined, ctx)).toEqual({ separators: { locale: 'de-DE', decimal: ',', list: ';' }, preference: DEFAULT_CSV_PREFERENCE });
    expect(DEFAULT_CSV_PREFERENCE.preset).toBe('excel');
    const en = setup('en-US');
    expect((await en.handlers.csvPreference(undefined, ctx)).separators).toEqual({ locale: 'en-US', decimal: '.', list: ',' });
  });

  it('remembers the preset and Custom options per profile', async () => {
    const s = setup('de-DE');
    const custom: CsvPreference = { preset: 'custom', custom: { delimiter: '\t', bom: true, lineEnding: 'lf', formulaPrefix: false } };
    await s.handlers.rememberCsvPreference(custom, ctx);
    expect((await s.handlers.csvPreference(undefined, ctx)).preference).toEqual(custom);
    s.use('p2');
    expect((await s.handlers.csvPreference(undefined, ctx)).preference).toEqual(DEFAULT_CSV_PREFERENCE);
    await s.handlers.rememberCsvPreference({ ...DEFAULT_CSV_PREFERENCE, preset: 'data' }, ctx);
    s.use('p1');
    expect((await s.handlers.csvPreference(undefined, ctx)).preference).toEqual(custom);
    s.use('p2');
    expect((await s.handlers.csvPreference(undefined, ctx)).preference.preset).toBe('data');
  });

  it('keeps nothing without an active profile', async () => {
    const s = setup('en-US');
    s.use(null);
    await s.handlers.rememberCsvPreference({ ...DEFAULT_CSV_PREFERENCE, preset: 'data' }, ctx);
    expect(s.stored.size).toBe(0);
    expect((await s.handlers.csvPreference(undefined, ctx)).preference).toEqual(DEFAULT_CSV_PREFERENCE);
  });
});
