// Browser-mode host + core bundled into out/web-host/cli.mjs (node_modules stay external), so
// `npm start`, the E2E fixture and the bench skip tsx's per-file transpiling at every launch.
// `npm run browser` still runs the TypeScript sources directly through tsx.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

export default defineConfig({
  root: fromRoot(''),
  publicDir: false,
  build: {
    ssr: true,
    outDir: fromRoot('out/web-host'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      // The load-all writer thread's and a large CSV export's format thread's scripts, found beside the core at run time (page-writer.ts, format-worker.ts).
      input: {
        cli: fromRoot('src/main/shells/web-host/cli.ts'),
        'snapshot-writer': fromRoot('src/main/features/snapshots/writer-thread.ts'),
        'export-format': fromRoot('src/main/features/export/format-thread.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      // An optional dependency that may have failed to build here; it is loaded at run time if present.
      external: ['keytar'],
    },
  },
  ssr: { external: true, target: 'node' },
});
