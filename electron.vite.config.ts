// electron-vite: main (ESM, deps external), preload (one CommonJS file with everything bundled,
// because a sandboxed preload can require nothing but `electron`), renderer (shared config).
import { defineConfig } from 'electron-vite';
import { fileURLToPath } from 'node:url';
import { rendererConfig } from './scripts/renderer-config';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ mode }) => ({
  main: {
    // Build-time switch for development-only behaviour (ELECTRON_RENDERER_URL): never true in `electron-vite build`.
    define: { __FIRMSCOPE_DEV__: JSON.stringify(mode === 'development') },
    build: {
      outDir: fromRoot('out/main'),
      // keytar is an optional native module: loaded from node_modules at run time, never bundled.
      externalizeDeps: { include: ['keytar'] },
      // The keychain loader is an entry too, so its built form can be tested in plain Node (index.js needs an Electron binary).
      rollupOptions: {
        input: {
          index: fromRoot('src/main/index.ts'),
          'keytar-vault': fromRoot('src/main/platform/secrets/keytar-vault.ts'),
          // The load-all writer thread's script, found beside the core at run time (page-writer.ts).
          'snapshot-writer': fromRoot('src/main/features/snapshots/writer-thread.ts'),
          // A large CSV export's format thread, found the same way (export/format-worker.ts).
          'export-format': fromRoot('src/main/features/export/format-thread.ts'),
        },
        // Shared chunks beside the entries: the core finds snapshot-writer.js relative to itself.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: rendererConfig(),
}));
