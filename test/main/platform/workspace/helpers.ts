// Real SQLite files in a temp dir for the workspace tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkspaceDb, type WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { loadSqlite, type SqliteConstructor } from '../../../../src/main/platform/workspace/native';

export function sqlite(): SqliteConstructor {
  const s = loadSqlite();
  if (!s.ok) throw new Error(`better-sqlite3 must load for these tests: ${s.reason}`);
  return s.Database;
}

export function tempWorkspaceDir(): { dir: string; file: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-ws-'));
  return { dir, file: join(dir, 'workspace', 'p.sqlite'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function openAt(file: string, moved: Array<{ to: string; reason: string }> = []): WorkspaceDb {
  return openWorkspaceDb({ file, Database: sqlite(), now: () => Date.UTC(2026, 0, 2, 3, 4, 5), onMovedAside: (m) => moved.push(m) });
}

export const company = (i: number, extra: Record<string, unknown> = {}) => ({
  company_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Company ${i}`,
  country: 'DE',
  city: 'Berlin',
  ...extra,
});
