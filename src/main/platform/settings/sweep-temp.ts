// Temporary files a killed process leaves behind: `<file>.tmp-<stamp>` from the settings file's
// atomic writes (conf/atomically), and `<id>.json.<hash>` from the export journal's (write-file-atomic).
// Swept at start. Only files older than a minute: another Firmscope (the other shell on the same
// data dir) may be in the middle of a write.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SETTINGS_TEMP = /\.tmp-[0-9a-z]+$/i;
const JOURNAL_TEMP = /\.json\.\d+$/;
export const SWEEP_MIN_AGE_MS = 60_000;

/** Removes stale temp files in `dataDir` and its export journal; returns the paths removed. */
export function sweepTempFiles(dataDir: string, now = Date.now()): string[] {
  const removed: string[] = [];
  const sweep = (dir: string, pattern: RegExp) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!pattern.test(name)) continue;
      const path = join(dir, name);
      try {
        const info = statSync(path);
        if (!info.isFile() || now - info.mtimeMs < SWEEP_MIN_AGE_MS) continue;
        rmSync(path, { force: true });
        removed.push(path);
      } catch {
        // gone already, or not ours to remove
      }
    }
  };
  sweep(dataDir, SETTINGS_TEMP);
  sweep(join(dataDir, 'exports-in-flight'), JOURNAL_TEMP);
  return removed;
}
