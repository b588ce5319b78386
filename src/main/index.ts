// Electron entry (built by electron-vite to out/main/index.js). Browser mode starts from src/main/web-host/cli.ts instead.
import { runElectronApp } from './electron/main-app';

runElectronApp();
