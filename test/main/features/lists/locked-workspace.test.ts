// Creating a list while another process holds the workspace's write lock (the finding of issue 28:
// it failed at once with SQLite's raw SQLITE_BUSY). It now waits for the lock (busy timeout) and is
// created once the holder lets go; held past the timeout, it fails in words and nothing is written.
import { afterEach, expect, it } from 'vitest';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { BUSY_TIMEOUT_MS } from '../../../../src/main/platform/workspace/workspace-errors';
import { holdWriteLock, type LockHolder } from '../../../helpers/disk-conditions';
import { openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function lists() {
  const t = tempWorkspaceDir();
  const db = openAt(t.file);
  cleanups.push(t.cleanup, () => db.close());
  return { db, store: new ListStore(db, 'p') };
}
async function held(file: string, releaseAfterMs?: number): Promise<LockHolder> {
  const holder = await holdWriteLock(file, { releaseAfterMs });
  cleanups.push(() => holder.release());
  return holder;
}
const companies = [{ companyId: 'c-1', name: 'One' }];

it('waits for a lock another process releases after 1 s, then creates the list', async () => {
  const { db, store } = lists();
  // The lock is held when the call begins (the holder said "locked"): going through means it waited
  // for the release (busy timeout), where it used to fail at once with SQLITE_BUSY.
  expect(db.raw.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
  await held(db.file, 1000);
  expect(store.createList({ name: 'Waited', companies }).list.name).toBe('Waited');
  expect(store.all().map((l) => l.name)).toEqual(['Waited']);
});

it('held past the busy timeout: workspace_busy in words, no list; created once the lock is released', async () => {
  const { db, store } = lists();
  const holder = await held(db.file);
  expect(() => store.createList({ name: 'Blocked', companies })).toThrow(
    expect.objectContaining({ code: 'workspace_busy', message: expect.stringMatching(/^The workspace database is in use by another program/) }),
  );
  await holder.release();
  expect(store.all()).toEqual([]);
  expect(store.createList({ name: 'Blocked', companies }).list.name).toBe('Blocked');
  expect(db.raw.pragma('integrity_check', { simple: true })).toBe('ok');
}, 30_000);
