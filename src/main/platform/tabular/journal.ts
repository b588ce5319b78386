// Remembers the temporary files of running exports, so a process that was killed mid-export
// leaves nothing behind: the next start-up removes the stale `.partial` and spool files, and an
// About sidecar whose file never appeared.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { targetOfSidecar } from './sidecar';

interface Entry {
  files: string[];
}

export class ExportJournal {
  constructor(private readonly dir: string) {}

  async add(id: string, files: string[]): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(this.dir, `${id}.json`), JSON.stringify({ files } satisfies Entry), { mode: 0o600 });
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.dir, `${id}.json`), { force: true });
  }

  /** Removes the files of every export that never finished; returns how many were cleaned. */
  async sweep(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let cleaned = 0;
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        const entry = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as Entry;
        // Only our own temp names: a corrupt journal must never delete a real export.
        for (const file of entry.files ?? []) {
          if (typeof file !== 'string') continue;
          if (file.endsWith('.partial') || file.endsWith('.spool.ndjson')) await rm(file, { force: true });
          // A sidecar renamed before the kill but whose file never was: an About of nothing.
          const of = targetOfSidecar(file);
          if (of !== null && !existsSync(of)) await rm(file, { force: true });
        }
        cleaned++;
      } catch {
        // unreadable entry: drop it, nothing it names can be trusted
      }
      await rm(join(this.dir, name), { force: true });
    }
    return cleaned;
  }
}
