// SQLite's (and the file system's) errors of the workspace database in words an analyst can act on.
// A raw "database is locked" or "disk I/O error" never reaches the screen: every statement run
// through sql.ts is translated here, and opening the file (workspace.ts) too.
import { AppError, type ErrorCode } from '../../../shared/errors';

/** How long a write waits for another connection's write lock (PRAGMA busy_timeout). */
export const BUSY_TIMEOUT_MS = 5000;

const NOT_SAVED = 'so this was not saved';

/** [code prefix, AppError code, message]; SQLite's extended codes (SQLITE_IOERR_WRITE, ...) match their prefix. */
const TABLE: ReadonlyArray<readonly [string, ErrorCode, string]> = [
  [
    'SQLITE_BUSY',
    'workspace_busy',
    `The workspace database is in use by another program (or another Firmscope using the same data folder) and stayed locked for ${BUSY_TIMEOUT_MS / 1000} seconds, ${NOT_SAVED}. Close the other program, then try again.`,
  ],
  ['SQLITE_LOCKED', 'workspace_busy', `The workspace database is locked, ${NOT_SAVED}. Try again in a moment.`],
  ['SQLITE_READONLY', 'workspace_read_only', `The workspace database cannot be written (its file or folder is read-only), ${NOT_SAVED}. Make the data folder writable again, then try again.`],
  ['SQLITE_FULL', 'workspace_full', `The disk holding the workspace database is full, ${NOT_SAVED}. Free some disk space, then try again.`],
  ['SQLITE_IOERR_READ', 'io', `The workspace database could not be read from the disk (a disk error). Check the disk, then restart Firmscope.`],
  ['SQLITE_IOERR_SHORT_READ', 'io', `The workspace database could not be read from the disk (a disk error). Check the disk, then restart Firmscope.`],
  [
    'SQLITE_IOERR',
    'workspace_full',
    `The disk refused to write the workspace database (it is full, the file reached a size limit, or the disk failed), ${NOT_SAVED}. Free some disk space or check the disk, then try again.`,
  ],
  ['SQLITE_CORRUPT', 'workspace_corrupt', `The workspace database is damaged, ${NOT_SAVED}. Restart Firmscope: it moves the damaged file aside and starts a fresh one with everything that still reads cleanly.`],
  ['SQLITE_NOTADB', 'workspace_corrupt', `The workspace database file is damaged, ${NOT_SAVED}. Restart Firmscope: it moves the damaged file aside and starts a fresh one.`],
  ['SQLITE_CANTOPEN', 'io', `The workspace database file could not be opened (was the data folder moved or deleted?), ${NOT_SAVED}. Restart Firmscope.`],
  // The file system, when the workspace file or folder is created or opened.
  ['EROFS', 'workspace_read_only', 'The workspace folder is on a read-only disk. Make the data folder writable again, then try again.'],
  ['EACCES', 'workspace_read_only', 'The workspace folder or file cannot be written (no permission). Make the data folder writable again, then try again.'],
  ['EPERM', 'workspace_read_only', 'The workspace folder or file cannot be written (not permitted). Make the data folder writable again, then try again.'],
  ['ENOSPC', 'workspace_full', 'The disk holding the workspace database is full. Free some disk space, then try again.'],
  ['EDQUOT', 'workspace_full', 'The disk quota of the workspace folder is used up. Free some disk space, then try again.'],
  ['EFBIG', 'workspace_full', 'The workspace database reached the largest file allowed here. Free some space, then try again.'],
];

/**
 * The AppError a SQLite or file system error of the workspace means, with SQLite's (or the
 * file system's) code in `details.reason` for the diagnostics; null for any other error (an AppError stays as it is).
 */
export function workspaceError(e: unknown): AppError | null {
  if (e instanceof AppError) return null;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const row = TABLE.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
  if (!row) return null;
  return new AppError(row[1], row[2], { details: { reason: code }, cause: e });
}

/** The workspace's own codes: a notice tells the analyst about them (see workspace.ts). */
export function isWorkspaceFault(e: unknown): e is AppError {
  return e instanceof AppError && (e.code === 'workspace_busy' || e.code === 'workspace_read_only' || e.code === 'workspace_full' || e.code === 'workspace_corrupt');
}
