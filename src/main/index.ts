// Electron entry (built by electron-vite to out/main/index.js). Browser mode starts from src/main/shells/web-host/cli.ts instead.
import { runElectronApp } from './shells/electron/main-app';

runElectronApp();
