// Real trouble for a workspace database, made by the OS, for the robustness tests:
// - holdWriteLock: another process holds the database's write lock (BEGIN IMMEDIATE on the same
//   file, WAL like the app) until released; it says "locked" before the test goes on.
// - smallDisk: a tmpfs of a few MB that can be filled to the last byte (ENOSPC, not a fake error).
// - readOnlyBind: the folder bind-mounted read-only over itself (EROFS, even for root, whom chmod
//   does not stop).
// The mounts need root with CAP_SYS_ADMIN (true in the dev container; not in an unprivileged CI
// container, nor on Windows or macOS): `canMount` says whether this machine can make them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeSync, ftruncateSync, fstatSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');

// The holder: plain Node with better-sqlite3, so nothing of the app's code takes part.
const HOLDER = `
const Database = require(${JSON.stringify(sqlitePath)});
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
const release = () => { if (db.inTransaction) db.exec('ROLLBACK'); db.close(); process.stdout.write('released\\n'); process.exit(0); };
process.stdin.on('data', release);
process.stdin.on('end', release);
if (Number(process.argv[2]) > 0) setTimeout(release, Number(process.argv[2]));
`;

export interface LockHolder {
  /** Ends the holder's transaction; resolves once the lock is free. */
  release(): Promise<void>;
}

/**
 * Another process takes the write lock of `file` (an existing WAL database); resolves once it holds
 * it. `releaseAfterMs`: the holder lets go by itself (a write in the test's thread blocks its timers).
 */
export async function holdWriteLock(file: string, o: { releaseAfterMs?: number } = {}): Promise<LockHolder> {
  const child: ChildProcess = spawn(process.execPath, ['-e', HOLDER, file, String(o.releaseAfterMs ?? 0)], { stdio: ['pipe', 'pipe', 'inherit'] });
  // A holder that let go by itself has closed its end: a late release must not fail on EPIPE.
  child.stdin!.on('error', () => undefined);
  const lines = createInterface({ input: child.stdout! });
  const next = (want: string) =>
    new Promise<void>((resolve, reject) => {
      const onLine = (l: string) => {
        if (l !== want) return;
        lines.off('line', onLine);
        resolve();
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before "${want}"`)));
    });
  await next('locked');
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= (async () => {
        if (child.exitCode !== null) return;
        const done = new Promise((r) => child.once('exit', r));
        child.stdin!.end('release\n');
        await done;
      })();
      return released;
    },
  };
}

let mountable: boolean | null = null;
/** Whether this process can mount a tmpfs and bind mounts (root with CAP_SYS_ADMIN on Linux). */
export function canMount(): boolean {
  if (mountable !== null) return mountable;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return (mountable = false);
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-canmount-'));
  mountable = run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
  if (mountable) run('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
  return mountable;
}

let warned = false;
/**
 * For `it.skipIf(mountsMissing())` / `describe.skipIf(...)` on the tests that need mount rights.
 * Where this machine cannot mount they show as skipped, and the run output says why in one line
 * (once per test file). In CI (`CI=true`: root with mount rights) a missing right fails the run.
 */
export function mountsMissing(): boolean {
  if (canMount()) return false;
  const why = 'this machine cannot mount (needs root with CAP_SYS_ADMIN on Linux)';
  if (process.env.CI === 'true') throw new Error(`CI must run the storage-fault tests (full disk, read-only mount), but ${why}.`);
  if (!warned) console.warn(`Storage-fault tests SKIPPED, not passed: ${why}.`);
  warned = true;
  return true;
}

function run(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}
function must(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
}

export interface SmallDisk {
  /** The mount point (a tmpfs of `sizeBytes`). */
  dir: string;
  /** Fills the disk so that about `leaveBytes` stay free. */
  fill(leaveBytes?: number): void;
  /** Gives the filled space back. */
  free(): void;
  unmount(): void;
}

export function smallDisk(sizeBytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-smalldisk-'));
  must('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
      // Byte-wise to the last free byte, then give back what the test wants free.
      try {
        for (;;) writeSync(fd, chunk, 0, 1);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
      ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leaveBytes));
      closeSync(fd);
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      // Lazily if something still holds a file open there: a mount must never outlive the test.
      if (!run('umount', [dir])) run('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ReadOnlyBind {
  /** Makes the folder writable again (unmounts the read-only bind). */
  writable(): void;
}

/** `dir` becomes read-only for every process, root included, until writable(). */
export function readOnlyBind(dir: string): ReadOnlyBind {
  must('mount', ['--bind', dir, dir]);
  try {
    must('mount', ['-o', 'remount,bind,ro', dir]);
  } catch (e) {
    run('umount', [dir]);
    throw e;
  }
  let mounted = true;
  return {
    writable() {
      // Lazily if a file is still open through the mount: SQLite keeps a closed connection's file
      // open while another connection of the process has the same file (its POSIX locks).
      if (mounted && !run('umount', [dir])) must('umount', ['-l', dir]);
      mounted = false;
    },
  };
}

/**
 * `dir` made read-only by the OS: a read-only bind mount where this machine can mount, else (not
 * root) the folder's and files' write bits cleared. Null where neither is real (root without
 * CAP_SYS_ADMIN: chmod does not stop root).
 */
export function readOnlyFolder(dir: string, files: readonly string[]): ReadOnlyBind | null {
  if (canMount()) return readOnlyBind(dir);
  if (process.getuid?.() === 0) return null;
  for (const f of files) chmodSync(f, 0o400);
  chmodSync(dir, 0o500);
  return {
    writable() {
      chmodSync(dir, 0o700);
      for (const f of files) chmodSync(f, 0o600);
    },
  };
}

/** Whether readOnlyFolder can make a folder read-only here. */
export const canMakeReadOnly = (): boolean => canMount() || (process.getuid?.() ?? 1) !== 0;
/** For `skipIf` on tests that use readOnlyFolder: skipped (said once) or, in CI, failed like mountsMissing. */
export const readOnlyMissing = (): boolean => !canMakeReadOnly() && mountsMissing();
