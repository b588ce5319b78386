// The pure unit tests, for `npm run check`: every Vitest file of vitest.config.ts except the
// integration ones, which start a sandbox server or another HTTP server, a browser-mode host, a build,
// LibreOffice, the OS keychain, a proxy, PostgreSQL or a child process. A test file is integration when its text
// names one of the helpers or modules below, so a new test file is sorted by what it uses, with no list
// to keep. `npx vitest run` (and `npm test`) still runs them all, each file isolated in its own process.
// Here they run in worker threads (cheaper to start than the suite's forked processes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

export const INTEGRATION_MARKERS =
  /startSandbox|startSmallSandbox|sandbox\/server|sandboxWorld|sandboxWith|sandboxOn|core-helpers|core-bridge|real-client|host-helpers|host-process|e2e-host-boot|'node:https?'|ensureBuilt|build-outputs|electron-vite|soffice|libreoffice|keytar|keyring|child_process|disk-conditions|net-helpers|startTempPostgres/i;

const root = fileURLToPath(new URL('.', import.meta.url));
export const integrationFiles = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `test/${f.split('\\').join('/')}`)
  .filter((f) => !f.startsWith('test/e2e/') && INTEGRATION_MARKERS.test(readFileSync(join(root, f), 'utf8')));

export default mergeConfig(base, defineConfig({ test: { exclude: integrationFiles, pool: 'threads' } }));
