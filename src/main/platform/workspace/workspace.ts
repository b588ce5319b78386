// The workspace databases of all profiles: one SQLite file per profile under <dataDir>/workspace,
// opened the first time a feature asks for it and kept open until the core closes.
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { openWorkspaceDb, type WorkspaceDb } from './db';
import { NewerSchemaError, SCHEMA_VERSION } from './migrations';
import { loadSqlite, type SqliteLoad } from './native';
import { describeSalvage } from './salvage';
import { workspaceError } from './workspace-errors';

export type WorkspaceStatus = { available: true } | { available: false; reason: string };

/** What features get: the active profile's database (SQLite), opened lazily on first use. */
export interface WorkspacePort {
  /** Whether the database module loaded (and why not): features that need it say so up front. */
  status(): WorkspaceStatus;
  /** The active profile's database. Throws AppError 'not_configured' without a profile, 'workspace_unavailable' without the module. */
  active(): WorkspaceDb;
  forProfile(profileId: string): WorkspaceDb;
}

export interface Workspace {
  status(): WorkspaceStatus;
  /** The profile's database, opened (and migrated) on first use. Throws AppError('workspace_unavailable') if it cannot be. */
  forProfile(profileId: string): WorkspaceDb;
  close(): void;
}

export const WORKSPACE_DIR = 'workspace';

/** What the analyst is told when the module cannot load. */
export function unavailableMessage(reason: string): string {
  return `Local sort, facets and lists are unavailable: ${reason}. Search, paging and export work as before.`;
}

/** The same trouble (profile and code) is told again at most this often. */
export const NOTICE_AGAIN_AFTER_MS = 60_000;

export function workspaceFile(dataDir: string, profileId: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(profileId)) throw new AppError('internal', `Not a profile id: ${JSON.stringify(profileId)}`);
  return join(dataDir, WORKSPACE_DIR, `${profileId}.sqlite`);
}

export function createWorkspace(opts: {
  dataDir: string;
  now?: () => number;
  /** Notices for the analyst (a file moved aside, a lock held too long, a full or read-only disk). */
  notify(level: 'warning' | 'error', message: string): void;
  /** Injected in tests (a module that fails to load). */
  load?: () => SqliteLoad;
}): Workspace {
  let loaded: SqliteLoad | null = null;
  const sqlite = () => (loaded ??= (opts.load ?? loadSqlite)());
  const open = new Map<string, WorkspaceDb>();
  const told = new Map<string, number>();
  let closed = false;
  const now = () => (opts.now ?? Date.now)();
  /** Says `e` once, and again only after a while: a failing run would otherwise say it per write. */
  const tell = (profileId: string, file: string, e: AppError) => {
    const key = `${profileId}\0${e.code}`;
    const last = told.get(key);
    if (last !== undefined && now() - last < NOTICE_AGAIN_AFTER_MS) return;
    told.set(key, now());
    opts.notify('error', `${e.message} (Workspace database: ${file})`);
  };

  return {
    status() {
      const s = sqlite();
      return s.ok ? { available: true } : { available: false, reason: s.reason };
    },
    forProfile(profileId) {
      const existing = open.get(profileId);
      if (existing) return existing;
      if (closed) throw new AppError('workspace_unavailable', 'The workspace database is closed (the app is shutting down).');
      const s = sqlite();
      if (!s.ok) throw new AppError('workspace_unavailable', unavailableMessage(s.reason));
      const file = workspaceFile(opts.dataDir, profileId);
      let db: WorkspaceDb;
      try {
        db = openWorkspaceDb({
          file,
          Database: s.Database,
          now: opts.now,
          onMovedAside: ({ to, reason, salvaged }) =>
            opts.notify(
              'warning',
              salvaged
                ? `The workspace database could not be used because ${reason}. It was moved to ${to}. ${describeSalvage(salvaged)}`
                : `The workspace database could not be used because ${reason}. It was moved to ${to} and a new, empty one was created.`,
            ),
          onFault: (e) => tell(profileId, file, e),
        });
      } catch (e) {
        // Not kept: the next use tries again (the lock released, the folder writable, Firmscope updated).
        const error = openError(e, file);
        tell(profileId, file, error);
        throw error;
      }
      open.set(profileId, db);
      return db;
    },
    close() {
      closed = true;
      for (const db of open.values()) db.close();
      open.clear();
    },
  };
}

/** Why the file could not be opened, in words; the raw reason only for what has none. */
function openError(e: unknown, file: string): AppError {
  if (e instanceof NewerSchemaError) {
    return new AppError(
      'workspace_unavailable',
      `The workspace database was made by a newer Firmscope (schema version ${e.found}; this one knows up to ${SCHEMA_VERSION}). It was left as it is: update Firmscope to use it, or move the file ${file} elsewhere to start an empty one.`,
      { cause: e },
    );
  }
  const known = workspaceError(e);
  if (known) return known;
  return new AppError('workspace_unavailable', `The workspace database could not be opened: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/** The features' view: the active profile's database, or any profile's by id. */
export function workspacePort(workspace: Workspace, activeProfileId: () => string | null): WorkspacePort {
  return {
    status: () => workspace.status(),
    active() {
      const id = activeProfileId();
      if (!id) throw new AppError('not_configured', 'Choose a connection profile first.');
      return workspace.forProfile(id);
    },
    forProfile: (id) => workspace.forProfile(id),
  };
}
