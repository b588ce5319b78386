// A file that appears under its final name only when complete: written to `<target>.partial`, fsynced,
// renamed. The journal names every temporary file while the write runs, so a killed process leaves
// nothing behind: the next start-up sweeps them (journal.ts). A CSV/JSON/NDJSON file's About sidecar
// (sidecar.ts) is committed with it: both appear, or neither.
import { rename, rm, writeFile, open } from 'node:fs/promises';
import type { ExportJournal } from './journal';
import { sidecarPathFor } from './sidecar';

export const partialPathFor = (target: string) => `${target}.partial`;

export class AtomicTarget {
  readonly partial: string;
  readonly sidecar: string;
  private settled = false;

  private constructor(
    readonly target: string,
    private readonly journal: ExportJournal,
    private readonly id: string,
    private readonly extraFiles: string[],
  ) {
    this.partial = partialPathFor(target);
    this.sidecar = sidecarPathFor(target);
  }

  /** `extraFiles`: other temporaries of this write (a spool, a rewrite), removed with the partial. */
  static async open(target: string, journal: ExportJournal, id: string, extraFiles: string[] = []): Promise<AtomicTarget> {
    const t = new AtomicTarget(target, journal, id, extraFiles);
    // The sidecar itself is named too: a process killed between its rename and the file's leaves an
    // orphan sidecar, which the sweep removes when its file is missing.
    await journal.add(id, [t.partial, partialPathFor(t.sidecar), t.sidecar, ...extraFiles]);
    return t;
  }

  /**
   * The partial is complete and durable: it replaces the target in one step. With `sidecarText`, the
   * sidecar is written durably first and renamed just before the file; if the file's rename fails the
   * sidecar goes again, so a failed export leaves neither.
   */
  async commit(sidecarText?: string): Promise<void> {
    if (sidecarText !== undefined) {
      const partial = partialPathFor(this.sidecar);
      await writeFile(partial, sidecarText, { mode: 0o600 });
      const handle = await open(partial, 'r+');
      await handle.sync().finally(() => handle.close());
      await rename(partial, this.sidecar);
      try {
        await rename(this.partial, this.target);
      } catch (e) {
        await rm(this.sidecar, { force: true }).catch(() => undefined);
        throw e;
      }
    } else {
      await rename(this.partial, this.target);
    }
    await this.settle();
  }

  /** Cancel or failure: every temporary goes; an existing target is left as it was. */
  async discard(): Promise<void> {
    for (const f of [this.partial, partialPathFor(this.sidecar), ...this.extraFiles]) await rm(f, { force: true }).catch(() => undefined);
    await this.settle();
  }

  private async settle(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.journal.remove(this.id).catch(() => undefined);
  }
}
