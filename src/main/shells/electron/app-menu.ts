// The application menu: the standard roles (so copy/paste, zoom and quit behave as users expect)
// plus a Help entry that opens nothing but http(s) pages, and the update items (src/main/shells/electron/updates.ts).
import type { MenuItemConstructorOptions } from 'electron';

export interface UpdateMenu {
  /** False in development and in builds without an update feed: the items are shown disabled. */
  active: boolean;
  autoCheck: boolean;
  checkNow(): void;
  setAutoCheck(on: boolean): void;
}

function updateItems(u: UpdateMenu): MenuItemConstructorOptions[] {
  return [
    { label: 'Check for Updates…', enabled: u.active, click: () => u.checkNow() },
    { label: 'Check for Updates Automatically', type: 'checkbox', checked: u.autoCheck, enabled: u.active, click: (item) => u.setAutoCheck(item.checked) },
  ];
}

export function appMenuTemplate(platform: NodeJS.Platform, opts: { isDev: boolean; updates?: UpdateMenu }): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) template.push({ role: 'appMenu' });
  template.push(
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(opts.isDev ? ([{ role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }, ...(opts.updates ? [{ type: 'separator' } as const, ...updateItems(opts.updates)] : [])] },
  );
  return template;
}
