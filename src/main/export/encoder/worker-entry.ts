// Where the encoder thread's code is. Bundled builds (electron-vite main, browser-mode host) emit
// it as its own entry, `export-encoder.js` / `.mjs`, beside the bundle; from source (tsx, Vitest)
// it is worker.ts, started through worker-boot.mjs, which registers tsx inside the thread.
import { existsSync } from 'node:fs';

export interface WorkerEntry {
  url: URL;
  workerData?: unknown;
}

/** The bundled entry's file name without extension (see electron.vite.config.ts, web-host config). */
export const ENCODER_ENTRY_NAME = 'export-encoder';

export function encoderWorkerEntry(here: string = import.meta.url): WorkerEntry {
  if (/\.[cm]?ts$/.test(here)) {
    const source = new URL('./worker.ts', here);
    return { url: new URL('./worker-boot.mjs', here), workerData: { entry: source.href } };
  }
  // The bundle may have put this module in a chunk one folder down; the entry sits at the top.
  const candidates = ['./', '../'].flatMap((dir) => ['.js', '.mjs'].map((ext) => new URL(`${dir}${ENCODER_ENTRY_NAME}${ext}`, here)));
  return { url: candidates.find((u) => existsSync(u)) ?? candidates[0] };
}
