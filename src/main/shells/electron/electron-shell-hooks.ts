// ShellHooks for the desktop app: native save and open dialogs, "show in folder", OS notifications and the
// OS browser for http(s) links.
import type { BrowserWindow, Dialog, Notification as NotificationClass, Shell } from 'electron';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { notificationText } from '../../../shared/service-text';
import type { ShellHooks } from '../../platform/ports/shell-hooks';
import { isExternalHttpUrl } from './external-links';

export interface ElectronShellDeps {
  dialog: Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>;
  shell: Pick<Shell, 'showItemInFolder' | 'openExternal'>;
  Notification: Pick<typeof NotificationClass, 'isSupported'> & (new (opts: { title: string; body: string }) => { show(): void });
  /** The window dialogs are attached to (null before it exists). */
  window(): BrowserWindow | null;
  downloadsDir: string;
}

export function createElectronShellHooks(deps: ElectronShellDeps): ShellHooks {
  return {
    kind: 'electron',
    async chooseExportPath(suggestedName) {
      const options = {
        title: 'Export',
        defaultPath: join(deps.downloadsDir, suggestedName.replace(/[\\/]/g, '_')),
        properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
      };
      const win = deps.window();
      const result = win ? await deps.dialog.showSaveDialog(win, options) : await deps.dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseCsvFile() {
      const options = {
        title: 'Companies to match',
        properties: ['openFile'] as Array<'openFile'>,
        filters: [{ name: 'CSV', extensions: ['csv', 'tsv', 'txt'] }],
      };
      const win = deps.window();
      const result = win ? await deps.dialog.showOpenDialog(win, options) : await deps.dialog.showOpenDialog(options);
      return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
    },
    async chooseCaFile() {
      const options = {
        title: 'Company CA certificate',
        properties: ['openFile'] as Array<'openFile'>,
        filters: [
          { name: 'PEM certificates', extensions: ['pem', 'crt', 'cer'] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const win = deps.window();
      const result = win ? await deps.dialog.showOpenDialog(win, options) : await deps.dialog.showOpenDialog(options);
      return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
    },
    async revealFile(path) {
      deps.shell.showItemInFolder(path);
    },
    notify(title, body) {
      // Titles carry service text (company names): one line, no bidi controls, bounded.
      if (deps.Notification.isSupported()) new deps.Notification(notificationText(title, body)).show();
    },
    async openExternal(url) {
      if (!isExternalHttpUrl(url)) throw new AppError('invalid_input', 'Only http(s) links can be opened.');
      await deps.shell.openExternal(url);
    },
  };
}
