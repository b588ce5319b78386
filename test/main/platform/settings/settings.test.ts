// Settings file: persistence through conf, schema checks, and a corrupt file kept aside and reported.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettings, SETTINGS_NAME, type SettingsProblem } from '../../../../src/main/platform/settings/settings-store';
import { confBackend } from '../../../../src/main/platform/settings/settings-backend';
import { tempDir } from '../../../helpers/core-helpers';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
function dir() {
  const d = tempDir();
  dirs.push(d);
  return d.dir;
}

describe('settings store', () => {
  it('persists keys across reopen in one JSON file (mode 600), dots in keys stay flat', () => {
    const d = dir();
    const s = openSettings({ dataDir: d });
    s.write('search.saved', [{ id: 'x' }]);
    s.write('activeProfileId', 'p1');
    const again = openSettings({ dataDir: d });
    expect(again.read('search.saved', z.array(z.object({ id: z.string() })), [])).toEqual([{ id: 'x' }]);
    const file = join(d, `${SETTINGS_NAME}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'search.saved': [{ id: 'x' }], activeProfileId: 'p1' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    again.write('search.saved', undefined);
    expect(again.get('search.saved')).toBeUndefined();
  });

  it('a value failing its schema is reported once and the fallback used, the file untouched', () => {
    const d = dir();
    const problems: SettingsProblem[] = [];
    const s = openSettings({ dataDir: d, onProblem: (p) => problems.push(p) });
    s.write('esg.watches', { not: 'an array' });
    expect(s.read('esg.watches', z.array(z.string()), ['fallback'])).toEqual(['fallback']);
    expect(s.read('esg.watches', z.array(z.string()), [])).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: 'invalid_key', message: expect.stringContaining('esg.watches') });
    expect(s.get('esg.watches')).toEqual({ not: 'an array' });
  });

  it('a corrupt file is kept as <file>.corrupt-<timestamp>, reported, and a fresh file used', () => {
    const d = dir();
    const file = join(d, `${SETTINGS_NAME}.json`);
    writeFileSync(file, '{"profiles": [ {"id": "half');
    const problems: SettingsProblem[] = [];
    const s = openSettings({ dataDir: d, now: () => Date.UTC(2026, 10, 22, 4, 0, 0), onProblem: (p) => problems.push(p) });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe('corrupt_file');
    expect(problems[0]!.keptAs).toBe(`${file}.corrupt-2026-11-22T04-00-00-000Z`);
    expect(problems[0]!.message).toMatch(/kept as/);
    expect(readFileSync(problems[0]!.keptAs!, 'utf8')).toBe('{"profiles": [ {"id": "half');
    s.write('activeProfileId', null);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ activeProfileId: null });
  });

  it('a file breaking the root schema (profiles not a list) is also kept aside, not reset in place', () => {
    const d = dir();
    const file = join(d, `${SETTINGS_NAME}.json`);
    writeFileSync(file, JSON.stringify({ profiles: 'oops' }));
    const problems: SettingsProblem[] = [];
    openSettings({ dataDir: d, backend: confBackend, onProblem: (p) => problems.push(p) });
    expect(problems[0]?.kind).toBe('corrupt_file');
    expect(readdirSync(d).some((f) => f.includes('.corrupt-'))).toBe(true);
    expect(existsSync(file)).toBe(false); // nothing written until something is saved
  });
});
