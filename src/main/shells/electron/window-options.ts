// The main window's options in one pure function, so the security-relevant flags are unit-tested.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowBounds } from './window-state';

export function mainWindowOptions(preloadPath: string, bounds: WindowBounds): BrowserWindowConstructorOptions {
  return {
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: 900,
    minHeight: 600,
    title: 'Firmscope',
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      disableDialogs: false,
      experimentalFeatures: false,
      enableBlinkFeatures: undefined,
    },
  };
}
