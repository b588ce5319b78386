import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Production value of the Electron main build-time flag (electron.vite.config.ts).
  define: { __FIRMSCOPE_DEV__: 'false' },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // electron-store imports `electron`; inlining it lets the shell tests' fake electron module apply.
    server: { deps: { inline: ['electron-store'] } },
  },
});
