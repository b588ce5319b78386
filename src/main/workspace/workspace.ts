// The workspace databases of all profiles: one SQLite file per profile under <dataDir>/workspace,
// opened the first time a feature asks for it and kept open until the core closes.
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { openWorkspaceDb, type WorkspaceDb } from './db';
import { loadSqlite, type SqliteLoad } from './native';
import type { WorkspacePort } from '../ports/feature-deps';

export type WorkspaceStatus = { available: true } | { available: false; reason: string };

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

export function workspaceFile(dataDir: string, profileId: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(profileId)) throw new AppError('internal', `Not a profile id: ${JSON.stringify(profileId)}`);
  return join(dataDir, WORKSPACE_DIR, `${profileId}.sqlite`);
}

export function createWorkspace(opts: {
  dataDir: string;
  now?: () => number;
  /** Notices for the analyst (a file moved aside). */
  notify(level: 'warning' | 'error', message: string): void;
  /** Injected in tests (a module that fails to load). */
  load?: () => SqliteLoad;
}): Workspace {
  let loaded: SqliteLoad | null = null;
  const sqlite = () => (loaded ??= (opts.load ?? loadSqlite)());
  const open = new Map<string, WorkspaceDb>();
  let closed = false;

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
      let db: WorkspaceDb;
      try {
        db = openWorkspaceDb({
          file: workspaceFile(opts.dataDir, profileId),
          Database: s.Database,
          now: opts.now,
          onMovedAside: ({ to, reason }) =>
            opts.notify('warning', `The workspace database could not be used because ${reason}. It was moved to ${to} and a new, empty one was created.`),
        });
      } catch (e) {
        throw new AppError('workspace_unavailable', `The workspace database could not be opened: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
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
