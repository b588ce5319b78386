// Runs worker.ts from source (tsx, Vitest): a worker thread does not inherit the parent's tsx hooks.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
