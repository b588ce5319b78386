// Leftovers of a killed process are swept at start, and what Firmscope writes is the user's only:
// data folders 0700, export and data files 0600.
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { FileSink } from '../../../../src/main/platform/tabular/file-sink';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { SETTINGS_NAME } from '../../../../src/main/platform/settings/settings-store';
import { createWebHostHooks } from '../../../../src/main/shells/web-host/web-host-hooks';
import { tempDir, testShell } from '../../../helpers/core-helpers';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const old = (path: string) => {
  const t = new Date(Date.now() - 10 * 60_000);
  utimesSync(path, t, t);
};

describe('start-up sweep of temp files', () => {
  it('removes stale settings and journal temps left by a kill, keeps fresh ones and real files', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const settings = join(d.dir, `${SETTINGS_NAME}.json`);
    writeFileSync(settings, '{}');
    const staleTemp = `${settings}.tmp-1763900000a1b2c3`;
    const freshTemp = `${settings}.tmp-1763900001d4e5f6`;
    writeFileSync(staleTemp, '{"half":');
    writeFileSync(freshTemp, '{"other":');
    old(staleTemp);
    const journal = join(d.dir, 'exports-in-flight');
    mkdirSync(journal);
    const journalTemp = join(journal, 'job-1.json.123456789');
    writeFileSync(journalTemp, '{');
    old(journalTemp);
    const unrelated = join(d.dir, 'notes.tmp');
    writeFileSync(unrelated, 'mine');
    old(unrelated);

    const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 100 } });
    cleanups.push(() => core.close());
    expect(existsSync(staleTemp)).toBe(false);
    expect(existsSync(journalTemp)).toBe(false);
    expect(existsSync(freshTemp)).toBe(true); // another process may be writing it right now
    expect(existsSync(settings)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });
});

describe('file modes', () => {
  it('creates the data folder 0700', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const dataDir = join(d.dir, 'firmscope');
    const core = await createCore({ dataDir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 100 } });
    cleanups.push(() => core.close());
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('writes export files 0600 in a 0700 exports folder, and journal entries 0600', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const hooks = createWebHostHooks(d.dir, { registerDownload: () => '/x', broadcast: () => undefined } as never);
    const path = await hooks.chooseExportPath!('companies.csv');
    expect(statSync(join(d.dir, 'exports')).mode & 0o777).toBe(0o700);
    const sink = new FileSink(`${path}.partial`);
    await sink.write('a,b\n');
    await sink.close();
    expect(statSync(`${path}.partial`).mode & 0o777).toBe(0o600);
    const journal = new ExportJournal(join(d.dir, 'exports-in-flight'));
    await journal.add('job', [`${path}.partial`]);
    expect(statSync(join(d.dir, 'exports-in-flight')).mode & 0o777).toBe(0o700);
    expect(statSync(join(d.dir, 'exports-in-flight', 'job.json')).mode & 0o777).toBe(0o600);
  });
});

describe('a data folder that already existed (issue 28 L1)', () => {
  it('an existing 0755 folder with a 0644 database ends 0700/0600 everywhere, the -wal and -shm files too, and says so once', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const dataDir = join(d.dir, 'restored');
    mkdirSync(join(dataDir, 'workspace'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'workspace'), 0o755);
    // A database and side files as a backup restore (or another program) left them: readable by all.
    const db = join(dataDir, 'workspace', 'sandbox.sqlite');
    for (const f of [db, `${db}-wal`, `${db}-shm`]) {
      writeFileSync(f, '');
      chmodSync(f, 0o644);
    }
    const core = await createCore({ dataDir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 100 } });
    cleanups.push(() => core.close());
    const notices: string[] = [];
    let toldPrivate!: () => void;
    const madePrivate = new Promise<void>((r) => (toldPrivate = r));
    core.onEvent((group, name, payload) => {
      if (group !== 'app' || name !== 'notice') return;
      notices.push((payload as { message: string }).message);
      if (/made it private/.test(notices.at(-1)!)) toldPrivate();
    });
    // The workspace opens on first use: a new list is one.
    await core.handlers.lists.create({ name: 'Private', source: { kind: 'companies', companies: [] } }, { signal: new AbortController().signal });
    const mode = (p: string) => statSync(p).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'workspace'))).toBe(0o700);
    for (const f of readdirSync(join(dataDir, 'workspace'))) expect([f, mode(join(dataDir, 'workspace', f))]).toEqual([f, 0o600]);
    expect(readdirSync(join(dataDir, 'workspace'))).toEqual(expect.arrayContaining(['sandbox.sqlite', 'sandbox.sqlite-wal', 'sandbox.sqlite-shm']));
    await madePrivate;
    expect(notices.filter((m) => /made it private/.test(m))).toHaveLength(1);
  });

  it('a database created fresh in a new workspace folder is 0600 with 0600 side files', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 100 } });
    cleanups.push(() => core.close());
    await core.handlers.lists.create({ name: 'Fresh', source: { kind: 'companies', companies: [] } }, { signal: new AbortController().signal });
    const ws = join(d.dir, 'workspace');
    expect(statSync(ws).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(ws)) expect([f, statSync(join(ws, f)).mode & 0o777]).toEqual([f, 0o600]);
  });
});
