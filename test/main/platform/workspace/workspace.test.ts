// Per-profile workspace databases behind the core: one file per profile, opened on first use, and
// a core that still starts (and says why) when the database module cannot load.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { sqliteLoadFailure } from '../../../../src/main/platform/workspace/native';
import { createWorkspace, workspacePort } from '../../../../src/main/platform/workspace/workspace';
import { isAppError } from '../../../../src/shared/errors';
import { tempDir, testShell } from '../../../helpers/core-helpers';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function dir() {
  const d = tempDir();
  cleanups.push(d.cleanup);
  return d.dir;
}

describe('createWorkspace', () => {
  it('opens one file per profile under <dataDir>/workspace, lazily, and hands back the same handle', () => {
    const d = dir();
    const ws = createWorkspace({ dataDir: d, notify: () => {} });
    cleanups.push(() => ws.close());
    expect(existsSync(join(d, 'workspace'))).toBe(false);
    let active: string | null = 'sandbox';
    const port = workspacePort(ws, () => active);
    const a = port.active();
    expect(a.file).toBe(join(d, 'workspace', 'sandbox.sqlite'));
    expect(port.active()).toBe(a);
    active = 'acme-prod';
    expect(port.active().file).toBe(join(d, 'workspace', 'acme-prod.sqlite'));
    expect(existsSync(join(d, 'workspace', 'sandbox.sqlite'))).toBe(true);
    active = null;
    expect(() => port.active()).toThrow(expect.objectContaining({ code: 'not_configured' }));
    ws.close();
    expect(a.raw.open).toBe(false);
    expect(() => port.forProfile('sandbox')).toThrow(expect.objectContaining({ code: 'workspace_unavailable' }));
  });

  it('says a file was moved aside as a notice for the analyst', async () => {
    const d = dir();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(d, 'workspace'));
    writeFileSync(join(d, 'workspace', 'sandbox.sqlite'), 'garbage'.repeat(100));
    const notes: string[] = [];
    const ws = createWorkspace({ dataDir: d, notify: (_l, m) => notes.push(m) });
    cleanups.push(() => ws.close());
    ws.forProfile('sandbox');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/could not be used because it is damaged or not a database.*moved to .*sandbox\.corrupt-.*\.sqlite and a new, empty one was created/);
  });

  it('refuses a profile id that is not a plain file name', () => {
    const ws = createWorkspace({ dataDir: dir(), notify: () => {} });
    expect(() => ws.forProfile('../evil')).toThrow(/Not a profile id/);
  });
});

describe('a core without the database module', () => {
  const missing = () => {
    const e = Object.assign(new Error("Cannot find module 'better-sqlite3'\nRequire stack:\n- /x/y.js"), { code: 'MODULE_NOT_FOUND' });
    return { ok: false as const, reason: sqliteLoadFailure(e) };
  };

  it('still starts, says local sort, facets and lists are unavailable with the reason, and refuses with that message', async () => {
    const d = dir();
    const core = await createCore({ dataDir: d, shell: testShell(), vault: createMemoryVault(), sandbox: false, loadSqlite: missing });
    cleanups.push(() => core.close());
    const info = await core.handlers.app.info(undefined, { signal: new AbortController().signal });
    expect(info.workspace).toEqual({ available: false, reason: 'the database module better-sqlite3 is not installed' });
    expect(info.notices.map((n) => n.message)).toContain(
      'Local sort, facets and lists are unavailable: the database module better-sqlite3 is not installed. Search, paging and export work as before.',
    );
  });

  it('names a binary built for another runtime in words', () => {
    expect(sqliteLoadFailure(new Error('The module was compiled against a different Node.js version using NODE_MODULE_VERSION 127.'))).toMatch(
      /built for another Node.js or Electron version/,
    );
    const port = workspacePort(createWorkspace({ dataDir: dir(), notify: () => {}, load: missing }), () => 'sandbox');
    try {
      port.active();
      expect.unreachable();
    } catch (e) {
      expect(isAppError(e) && e.code).toBe('workspace_unavailable');
      expect((e as Error).message).toMatch(/^Local sort, facets and lists are unavailable: the database module better-sqlite3 is not installed/);
    }
  });

  it('with the module, app.info says the workspace is available', async () => {
    const core = await createCore({ dataDir: dir(), shell: testShell(), vault: createMemoryVault(), sandbox: false });
    cleanups.push(() => core.close());
    expect((await core.handlers.app.info(undefined, { signal: new AbortController().signal })).workspace).toEqual({ available: true });
  });
});
