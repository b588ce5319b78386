// Issue 28 H1, desktop app: the company CA file is chosen in main's own open dialog. The page holds an
// opaque handle and the file's name, never sends a path: a typed path (e.g. a PEM the page uploaded as
// a bulk-match file) is refused, a handle from the dialog is stored as the file main chose.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { ProfileInputSchema } from '../../../../src/shared/profile';
import { tempDir, testShell } from '../../../helpers/core-helpers';

const ctx = { signal: new AbortController().signal };
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function pemFile(name = 'company-ca.pem'): string {
  const d = tempDir();
  cleanups.push(d.cleanup);
  writeFileSync(join(d.dir, name), PEM);
  return join(d.dir, name);
}

/** A core hosted by a desktop-like shell whose open dialog answers `answer()` (null = cancelled). */
async function desktop(answer: () => string | null) {
  const d = tempDir();
  const asked: number[] = [];
  const shell = { ...testShell(), kind: 'electron' as const, chooseCaFile: async () => (asked.push(1), answer()) };
  const core = await createCore({ dataDir: d.dir, shell, vault: createMemoryVault(), sandbox: { companies: 50 } });
  cleanups.push(d.cleanup, () => core.close());
  return { c: core.handlers.profiles, asked, dataDir: d.dir };
}

const input = (caFile = '', id?: string) =>
  ProfileInputSchema.parse({
    ...(id ? { id } : {}),
    name: 'Company',
    authUrl: 'https://auth.example.com',
    baseUrl: 'https://api.example.com',
    clientId: 'client',
    network: { proxy: 'none', proxyUrl: '', proxyUsername: '', caFile },
  });

describe('the CA file in the desktop app', () => {
  it('stores the file the dialog chose, by handle; the page sees its name only', async () => {
    const chosen = pemFile('corp-root.pem');
    const { c, asked } = await desktop(() => chosen);
    const picked = await c.pickCaFile(undefined, ctx);
    expect(asked).toHaveLength(1);
    expect(picked).toEqual({ caFileHandle: expect.stringMatching(/^[0-9a-f-]{36}$/), fileName: 'corp-root.pem' });
    expect(JSON.stringify(picked)).not.toContain(chosen);
    const saved = await c.saveProfile({ profile: input(''), caFileHandle: picked!.caFileHandle }, ctx);
    expect(saved.network?.caFile).toBe(chosen);
    // Saved again with the stored file untouched (e.g. a rename in the profile editor): kept, no dialog needed.
    const renamed = await c.saveProfile({ profile: { ...input(chosen, saved.id), name: 'Renamed' } }, ctx);
    expect(renamed.network?.caFile).toBe(chosen);
    // Removing it needs no dialog either.
    expect((await c.saveProfile({ profile: input('', saved.id) }, ctx)).network?.caFile).toBe('');
  });

  it('refuses a path the page typed, even a usable PEM, next to the CA field', async () => {
    const { c } = await desktop(() => null);
    const saved = await c.saveProfile({ profile: input('') }, ctx);
    const typed = c.saveProfile({ profile: input(pemFile(), saved.id) }, ctx);
    await expect(typed).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'caFile' } });
    await expect(typed).rejects.toThrow(/Choose the CA file with "Choose file…"/);
    await expect(c.saveProfile({ profile: input(pemFile()) }, ctx)).rejects.toMatchObject({ details: { field: 'caFile' } });
  });

  it('refuses an unknown handle, and a chosen file main cannot use, with the neutral CA wording', async () => {
    const { c, dataDir } = await desktop(() => join(dataDir, 'uploads', 'x.csv'));
    await expect(c.saveProfile({ profile: input(''), caFileHandle: '0b6f3c1e-4c1a-4f37-9d4e-2b7d7a9d8e11' }, ctx)).rejects.toThrow(/Choose the CA file again/);
    await expect(c.pickCaFile(undefined, ctx)).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'caFile' } });
    await expect(c.pickCaFile(undefined, ctx)).rejects.toThrow(/^The company CA file .* could not be used: choose a PEM certificate file/);
  });

  it('a cancelled dialog changes nothing', async () => {
    const { c } = await desktop(() => null);
    expect(await c.pickCaFile(undefined, ctx)).toBeNull();
  });
});

describe('the CA file in browser mode', () => {
  it('has no dialog in main: pickCaFile says to type the path; a typed path outside the data folder is saved', async () => {
    const d = tempDir();
    const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 50 } });
    cleanups.push(d.cleanup, () => core.close());
    await expect(core.handlers.profiles.pickCaFile(undefined, ctx)).rejects.toThrow(/Type the CA file's path/);
    const pem = pemFile();
    expect((await core.handlers.profiles.saveProfile({ profile: input(pem) }, ctx)).network?.caFile).toBe(pem);
  });
});
