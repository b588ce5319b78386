// A file that appears under its final name only when complete: written to `<target>.partial`, fsynced,
// renamed. The journal names every temporary file while the write runs, so a killed process leaves
// nothing behind: the next start-up sweeps them (journal.ts).
import { rename, rm } from 'node:fs/promises';
import type { ExportJournal } from './journal';

export const partialPathFor = (target: string) => `${target}.partial`;

export class AtomicTarget {
  readonly partial: string;
  private settled = false;

  private constructor(
    readonly target: string,
    private readonly journal: ExportJournal,
    private readonly id: string,
    private readonly extraFiles: string[],
  ) {
    this.partial = partialPathFor(target);
  }

  /** `extraFiles`: other temporaries of this write (a spool, a rewrite), removed with the partial. */
  static async open(target: string, journal: ExportJournal, id: string, extraFiles: string[] = []): Promise<AtomicTarget> {
    const t = new AtomicTarget(target, journal, id, extraFiles);
    await journal.add(id, [t.partial, ...extraFiles]);
    return t;
  }

  /** The partial is complete and durable: it replaces the target in one step. */
  async commit(): Promise<void> {
    await rename(this.partial, this.target);
    await this.settle();
  }

  /** Cancel or failure: every temporary goes; an existing target is left as it was. */
  async discard(): Promise<void> {
    for (const f of [this.partial, ...this.extraFiles]) await rm(f, { force: true }).catch(() => undefined);
    await this.settle();
  }

  private async settle(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.journal.remove(this.id).catch(() => undefined);
  }
}
