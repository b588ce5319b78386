#!/usr/bin/env node
// `npm run dist`: installers for the current OS (electron-builder.config.ts) in dist/.
// electron-builder packages an Electron binary; where none can be obtained (no internet access,
// as in the development sandbox) this says so in one line and exits 1 instead of failing deep
// inside electron-builder. Extra arguments go to electron-builder (`npm run dist -- --linux deb`).
// Signing credentials come from the environment only (docs/install.md, "For maintainers").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const timeout = Number(process.env.FIRMSCOPE_ELECTRON_DOWNLOAD_TIMEOUT_MS ?? 60_000);

const electron = findElectronBinary(root, { downloadTimeoutMs: timeout });
if (!electron.ok) {
  console.log(`DIST NOT BUILT: electron-builder needs an Electron binary (${electron.reason}); run \`npm run dist\` where Electron can be downloaded, or tag a release (release.yml builds every OS).`);
  process.exit(1);
}

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build']);
// Unsigned unless a certificate is configured: do not let electron-builder pick one from the keychain.
if (!process.env.CSC_LINK && !process.env.CSC_NAME && !process.env.WIN_CSC_LINK) process.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
run(join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-builder.cmd' : 'electron-builder'), [
  '--config', 'electron-builder.config.ts', '--publish', 'never', ...process.argv.slice(2),
]);
console.log(`Installers are in ${join(root, 'dist')}`);
