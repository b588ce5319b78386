// ShellHooks for browser mode: exports land in <dataDir>/exports and are offered as downloads;
// notifications become `app.notice` events on every connected page.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, parse, resolve, sep } from 'node:path';
import { eventChannel } from '../../../shared/bridge/define';
import type { Notice } from '../../../shared/bridge/groups/app';
import { AppError } from '../../../shared/errors';
import { safeFileName } from '../../../shared/export/file-name';
import { notificationText } from '../../../shared/service-text';
import type { ShellHooks } from '../../platform/ports/shell-hooks';

export interface WebHostHookTargets {
  broadcast(channel: string, payload: unknown): void;
  registerDownload(filePath: string): string;
}

/** First free `name`, `name (2)`, `name (3)`… in dir, so an export never overwrites an earlier one. */
export function freePath(dir: string, fileName: string): string {
  const { name, ext } = parse(fileName);
  let candidate = join(dir, fileName);
  for (let n = 2; existsSync(candidate) || existsSync(`${candidate}.partial`); n++) candidate = join(dir, `${name} (${n})${ext}`);
  return candidate;
}

export function createWebHostHooks(dataDir: string, host: WebHostHookTargets): ShellHooks {
  const exportsDir = resolve(dataDir, 'exports');
  return {
    kind: 'browser',
    async chooseExportPath(suggestedName) {
      mkdirSync(exportsDir, { recursive: true, mode: 0o700 });
      return freePath(exportsDir, safeFileName(suggestedName));
    },
    async revealFile() {
      // The page offers the download link instead; there is no file manager to point at.
    },
    downloadUrlFor(path) {
      const full = resolve(path);
      if (!full.startsWith(resolve(dataDir) + sep)) throw new AppError('io', 'Only files inside the data folder can be downloaded.');
      return host.registerDownload(full);
    },
    notify(rawTitle, rawBody) {
      // Titles carry service text (company names): one line, no bidi controls, bounded.
      const { title, body } = notificationText(rawTitle, rawBody);
      const notice: Notice = { id: randomUUID(), level: 'info', message: body ? `${title}: ${body}` : title };
      host.broadcast(eventChannel('app', 'notice'), notice);
    },
    async openExternal(url) {
      // The page runs in a browser on this machine; xdg-open hands the link to the desktop's default browser.
      if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        throw new AppError('io', `No desktop to open links on. Open ${url} yourself.`);
      }
      await new Promise<void>((ok, fail) => {
        const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
        child.once('error', () => fail(new AppError('io', `Could not open the link. Open ${url} yourself.`)));
        child.once('spawn', () => {
          child.unref();
          ok();
        });
      });
    },
  };
}
