// Every persisted string and list is capped at the bridge, and the settings file as a whole when
// written, with a typed error that names the limit. The audit grew the file to 480 MB with eight
// saved searches (60 MB of filter values each); that is refused now and the file stays small.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SavedSearchStore } from '../../../../src/main/features/search/saved-store';
import { openSettings, SETTINGS_NAME } from '../../../../src/main/platform/settings/settings-store';
import { LimitError, SAVED_SEARCHES_MAX, SEARCH_BODY_MAX_CHARS, SETTINGS_MAX_BYTES } from '../../../../src/shared/limits';
import { bootCoreBridge } from '../../../helpers/core-bridge';
import { tempDir } from '../../../helpers/core-helpers';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot() {
  const core = await bootCoreBridge(cleanups, 200);
  const call = (group: string, name: string, input: unknown) => core.call(group, name, input) as Promise<{ ok: boolean; error?: { code: string; message: string } }>;
  return { call, file: join(core.dir, `${SETTINGS_NAME}.json`) };
}

const bigBody = (chars: number) => ({ filters: { or: [{ attribute: 'name', relation: 'equals', value: 'x'.repeat(chars) }] } });

describe('input limits', () => {
  it('refuses the audit\'s eight 60 MB saved searches at the bridge; the settings file stays small', async () => {
    const { call, file } = await boot();
    const body = { filters: { or: Array.from({ length: 2000 }, (_, i) => ({ attribute: 'name', relation: 'equals', value: `"${'y'.repeat(30_000)}${i}"` })) } };
    for (let i = 0; i < 8; i++) {
      const r = await call('search', 'saveSearch', { name: `Huge ${i}`, body, pageSize: 25 });
      expect(r.ok).toBe(false);
      expect(r.error?.code).toBe('invalid_input');
      expect(r.error?.message).toMatch(new RegExp(`limit of ${SEARCH_BODY_MAX_CHARS.toLocaleString('en-US')} characters`));
    }
    expect(statSync(file, { throwIfNoEntry: false })?.size ?? 0).toBeLessThan(64 * 1024);
  }, 60_000);

  it('refuses one oversized filter value and too many filters, saying the limit', async () => {
    const { call } = await boot();
    const value = await call('search', 'saveSearch', { name: 'v', body: bigBody(10_000), pageSize: 25 });
    expect(value.error?.message).toMatch(/value is over the limit of 8,192 characters/);
    const many = { filters: { and: Array.from({ length: 201 }, () => ({ attribute: 'a', relation: 'equals', value: 1 })) } };
    const r = await call('search', 'saveSearch', { name: 'm', body: many, pageSize: 25 });
    expect(r.error?.code).toBe('invalid_input');
    expect((await call('search', 'saveSearch', { name: 'm', body: { filters: { and: many.filters.and.slice(0, 200) } }, pageSize: 25 })).ok).toBe(true);
    expect((await call('search', 'saveSearch', { name: 'n'.repeat(121), body: bigBody(5), pageSize: 25 })).error?.code).toBe('invalid_input');
    expect((await call('search', 'renameSaved', { id: 'i'.repeat(129), name: 'x' })).error?.code).toBe('invalid_input');
  });

  it('caps every persisted profile field (name, URLs, client id, scope, paths, template)', async () => {
    const { call } = await boot();
    const base = { name: 'P', authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'c' };
    const cases: Record<string, unknown> = {
      name: 'n'.repeat(81),
      authUrl: `https://auth.example.com/${'a'.repeat(2048)}`,
      baseUrl: `https://api.example.com/${'b'.repeat(2048)}`,
      clientId: 'c'.repeat(257),
      scope: 's'.repeat(1001),
      searchPath: `/${'p'.repeat(1000)}`,
      matchPayloadTemplate: `{"x":"${'t'.repeat(64 * 1024)}"}`,
    };
    for (const [field, value] of Object.entries(cases)) {
      const r = await call('profiles', 'saveProfile', { profile: { ...base, [field]: value } });
      expect(r.ok, field).toBe(false);
      expect(r.error?.code, field).toBe('invalid_input');
    }
    expect((await call('profiles', 'saveProfile', { profile: base })).ok).toBe(true);
  });

  it('caps the settings file as a whole with a typed LimitError, writing nothing', () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const settings = openSettings({ dataDir: d.dir, maxBytes: 200_000 });
    const store = new SavedSearchStore(settings, () => 1);
    const body = bigBody(7_000);
    let thrown: unknown;
    let saved = 0;
    try {
      for (; saved < 100; saved++) store.save('p', { name: `s${saved}`, body, pageSize: 25 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LimitError);
    expect((thrown as LimitError).message).toBe('The settings file is over the limit of 200,000 bytes.');
    expect((thrown as LimitError).details).toMatchObject({ limit: 200_000, unit: 'bytes' });
    expect(saved).toBeGreaterThan(20);
    const file = join(d.dir, `${SETTINGS_NAME}.json`);
    expect(statSync(file).size).toBeLessThanOrEqual(200_000 * 1.2);
    expect(store.list('p')).toHaveLength(saved);
    expect(SETTINGS_MAX_BYTES).toBe(8 * 1024 * 1024);
  });

  it('caps the number of saved searches per profile', () => {
    // In-memory settings: this is about the count, not the file.
    const kept = new Map<string, unknown>();
    const settings = { read: <T>(k: string, _s: unknown, fallback: T) => (kept.get(k) as T) ?? fallback, write: (k: string, v: unknown) => void kept.set(k, v) };
    const store = new SavedSearchStore(settings as never, () => 1);
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) store.save('p', { name: `s${i}`, body: bigBody(1), pageSize: 25 });
    expect(() => store.save('p', { name: 'one more', body: bigBody(1), pageSize: 25 })).toThrow(/Saved searches of this profile is over the limit of 500 items/);
    expect(store.save('q', { name: 'other profile', body: bigBody(1), pageSize: 25 }).name).toBe('other profile');
  }, 60_000);
});
