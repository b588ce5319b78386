// The load-all writer thread as users run it: the built script of the browser-mode host (under tsx
// the thread would compile its TypeScript at every start, a cost users never pay).
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../scripts/build-outputs.mjs';
import type { WriterEntry } from '../../src/main/features/snapshots/page-writer';

export function builtWriterEntry(): WriterEntry {
  if (!ensureBuilt(fileURLToPath(new URL('../..', import.meta.url)), ['webHost'])) throw new Error('the browser-mode host did not build');
  return { built: new URL('../../out/web-host/snapshot-writer.mjs', import.meta.url) };
}
