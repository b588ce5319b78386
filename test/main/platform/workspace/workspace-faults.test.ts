// The workspace database when the machine gets in the way, made real: another process holding the
// write lock, a file from a newer Firmscope, a read-only folder, a full disk. Each time the analyst
// gets one clear notice and an error in words (never SQLite's), nothing is half-written
// (PRAGMA integrity_check = ok), and the same write works once the trouble is gone.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../../src/main/platform/workspace/migrations';
import { BUSY_TIMEOUT_MS } from '../../../../src/main/platform/workspace/workspace-errors';
import { createWorkspace } from '../../../../src/main/platform/workspace/workspace';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { canMount, holdWriteLock, mountsMissing, readOnlyFolder, readOnlyMissing, smallDisk, type LockHolder } from '../../../helpers/disk-conditions';
import { sqlite, tempWorkspaceDir } from './helpers';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function workspaceAt(dataDir: string) {
  const notices: Array<{ level: string; message: string }> = [];
  const ws = createWorkspace({ dataDir, notify: (level, message) => notices.push({ level, message }) });
  cleanups.push(() => ws.close());
  return { ws, notices };
}
function temp() {
  const t = tempWorkspaceDir();
  cleanups.push(t.cleanup);
  return t;
}
async function locked(file: string, releaseAfterMs?: number): Promise<LockHolder> {
  const holder = await holdWriteLock(file, { releaseAfterMs });
  cleanups.push(() => holder.release());
  return holder;
}

/** A list with one member, written like lists.create: a read, then writes, in one transaction. */
function createList(db: WorkspaceDb, name: string): void {
  db.sql.tx(() => {
    db.sql.get('SELECT id FROM lists WHERE profile_id = ? AND name = ?', ['p', name]);
    const { lastInsertRowid } = db.sql.run(`INSERT INTO lists (profile_id, name, created_at, updated_at) VALUES ('p', ?, 1, 1)`, [name]);
    db.sql.run(`INSERT INTO list_members (list_id, company_id, added_at) VALUES (?, 'c-1', 1)`, [lastInsertRowid]);
  });
}
const lists = (db: WorkspaceDb) => db.sql.column<string>('SELECT name FROM lists ORDER BY name');
const integrity = (db: WorkspaceDb) => db.raw.pragma('integrity_check', { simple: true });
const RAW_SQLITE = /SQLITE_|database is locked|disk I\/O|readonly database|database or disk is full|malformed/;

describe('another process holds the write lock', () => {
  it('a transaction that reads first waits for the lock (busy timeout) and goes through once it is released', async () => {
    const t = temp();
    const { ws } = workspaceAt(t.dir);
    const db = ws.forProfile('p');
    // The holder lets go by itself after 1 s: the write below blocks this thread meanwhile. It holds
    // the lock when the write begins (it said "locked"), so a write that goes through has waited:
    // without the busy timeout it would fail at once with SQLITE_BUSY.
    expect(db.raw.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    await locked(db.file, 1000);
    createList(db, 'Waited');
    expect(lists(db)).toEqual(['Waited']);
  });

  it(`held past the busy timeout: workspace_busy in words, one notice, nothing written; the same write works after the release`, async () => {
    const t = temp();
    const { ws, notices } = workspaceAt(t.dir);
    const db = ws.forProfile('p');
    const holder = await locked(db.file);
    // How long it waits is SQLite's own busy timeout, the one the message names (5 seconds).
    expect(db.raw.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    let error: unknown;
    try {
      createList(db, 'Blocked');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'workspace_busy', retryable: true, details: { reason: 'SQLITE_BUSY' } });
    expect((error as Error).message).toMatch(/in use by another program .* stayed locked for 5 seconds, so this was not saved\. Close the other program, then try again\./);
    expect((error as Error).message).not.toMatch(RAW_SQLITE);
    expect(() => createList(db, 'Blocked again')).toThrow(expect.objectContaining({ code: 'workspace_busy' }));
    // Said once, not once per failed write.
    expect(notices).toEqual([{ level: 'error', message: expect.stringContaining(`(Workspace database: ${db.file})`) }]);
    await holder.release();
    expect(lists(db)).toEqual([]);
    expect(integrity(db)).toBe('ok');
    createList(db, 'Blocked');
    expect(lists(db)).toEqual(['Blocked']);
  }, 30_000);
});

describe('a file from a newer Firmscope', () => {
  it('is refused in words ("made by a newer Firmscope"), said once, left byte for byte; nothing moved aside', () => {
    const t = temp();
    const first = workspaceAt(t.dir).ws;
    const db = first.forProfile('p');
    createList(db, 'From the future');
    db.raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    first.close();
    const bytes = readFileSync(db.file);

    const { ws, notices } = workspaceAt(t.dir);
    for (let i = 0; i < 3; i++) {
      expect(() => ws.forProfile('p')).toThrow(
        expect.objectContaining({ code: 'workspace_unavailable', message: expect.stringMatching(/made by a newer Firmscope \(schema version \d+; this one knows up to \d+\)\. It was left as it is: update Firmscope/) }),
      );
    }
    expect(notices).toHaveLength(1);
    expect(readFileSync(db.file).equals(bytes)).toBe(true);
    expect(readdirSync(dirname(db.file)).filter((f) => f.includes('.corrupt-') || f.includes('.newer-'))).toEqual([]);
  });
});

describe.skipIf(readOnlyMissing())(`a read-only folder (${canMount() ? 'a read-only bind mount' : 'write bits cleared'})`, () => {
  it('at open: workspace_read_only in words and a notice; opened as soon as the folder is writable again', () => {
    const t = temp();
    const before = workspaceAt(t.dir).ws;
    createList(before.forProfile('p'), 'Kept');
    before.close();
    const folder = dirname(join(t.dir, 'workspace', 'p.sqlite'));
    const ro = readOnlyFolder(folder, [join(folder, 'p.sqlite')])!;
    cleanups.push(() => ro.writable());

    const { ws, notices } = workspaceAt(t.dir);
    expect(() => ws.forProfile('p')).toThrow(expect.objectContaining({ code: 'workspace_read_only', message: expect.stringMatching(/read-only|cannot be written/) }));
    expect(notices).toEqual([{ level: 'error', message: expect.stringMatching(/Make the data folder writable again/) }]);
    expect(notices[0]!.message).not.toMatch(RAW_SQLITE);

    ro.writable();
    const db = ws.forProfile('p');
    expect(lists(db)).toEqual(['Kept']);
    createList(db, 'After');
    expect(integrity(db)).toBe('ok');
  });
});

describe.skipIf(mountsMissing())('a full disk (a tmpfs of 8 MB filled to the last bytes; needs mount rights)', () => {
  it('workspace_full in words, one notice, nothing half-written; the same write works once space is back', () => {
    const disk = smallDisk(8 * 1024 * 1024);
    cleanups.push(() => disk.unmount());
    const { ws, notices } = workspaceAt(disk.dir);
    const db = ws.forProfile('p');
    createList(db, 'Small');
    disk.fill(8 * 1024);
    const big = (n: number) =>
      db.sql.tx(() => {
        for (let i = 0; i < n; i++) db.sql.run(`INSERT INTO list_members (list_id, company_id, added_at) VALUES (1, ?, 1)`, [`c-${i}-${'x'.repeat(1000)}`]);
      });
    expect(() => big(200)).toThrow(expect.objectContaining({ code: 'workspace_full', message: expect.stringMatching(/disk .* full/) }));
    expect(notices).toEqual([{ level: 'error', message: expect.stringMatching(/Free some disk space, then try again/) }]);
    expect(notices[0]!.message).not.toMatch(RAW_SQLITE);
    expect(integrity(db)).toBe('ok');
    expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM list_members')!.n).toBe(1);

    disk.free();
    big(200);
    expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM list_members')!.n).toBe(201);
    expect(integrity(db)).toBe('ok');
    const fresh = new (sqlite())(db.file, { readonly: true });
    expect(fresh.pragma('quick_check', { simple: true })).toBe('ok');
    fresh.close();
  });
});
