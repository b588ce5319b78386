// The Electron window's security settings and handlers, with fakes (no Electron binary needed).
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from '../../../../src/main/shells/electron/app-menu';
import { isExternalHttpUrl } from '../../../../src/main/shells/electron/external-links';
import {
  denyPermissionCheck,
  denyPermissionRequest,
  installSessionGuards,
  installWebContentsGuards,
  navigationGuard,
  windowOpenGuard,
} from '../../../../src/main/shells/electron/web-contents-guards';
import { mainWindowOptions } from '../../../../src/main/shells/electron/window-options';

describe('main window options', () => {
  it('isolates the renderer', () => {
    const o = mainWindowOptions('/app/out/preload/index.cjs', { width: 1200, height: 800 });
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    });
    // No Blink feature switched on by name (an empty value, not a list).
    expect(o.webPreferences?.enableBlinkFeatures ?? '').toBe('');
    expect(Object.keys(o.webPreferences ?? {})).not.toContain('disableBlinkFeatures');
    expect(o).toMatchObject({ width: 1200, height: 800, show: false });
  });
});

describe('external links', () => {
  it.each([
    ['https://example.com/docs', true],
    ['http://example.com', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['app://firmscope/index.html', false],
    ['smb://server/share', false],
    ['https://user:pw@example.com', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => expect(isExternalHttpUrl(url)).toBe(allowed));
});

describe('navigation and window-open handlers', () => {
  it('stops every navigation and hands only http(s) to the OS browser', async () => {
    const open = vi.fn();
    const guard = navigationGuard(open);
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://firmscope/other.html']) {
      const event = { preventDefault: vi.fn() };
      guard(event, url);
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
    expect(open.mock.calls).toEqual([['https://example.com/']]);
  });

  it('denies every new window', () => {
    const open = vi.fn();
    const handler = windowOpenGuard(open);
    expect(handler({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///' })).toEqual({ action: 'deny' });
    expect(open.mock.calls).toEqual([['https://example.com/']]);
  });

  it('survives an openExternal that fails', async () => {
    const guard = navigationGuard(() => Promise.reject(new Error('no browser')));
    expect(() => guard({ preventDefault() {} }, 'https://example.com')).not.toThrow();
  });

  it('installs the guards on web contents', () => {
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    const open = vi.fn();
    installWebContentsGuards(contents as never, open);
    const nav = { preventDefault: vi.fn() };
    contents.emit('will-navigate', nav, 'https://example.org/');
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect);
    // A subframe navigating (an iframe a compromised page made) is stopped too.
    const frameNav = { preventDefault: vi.fn(), url: 'https://frame.example/', isMainFrame: false };
    contents.emit('will-frame-navigate', frameNav);
    expect(frameNav.preventDefault).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('https://frame.example/');
    expect(nav.preventDefault).toHaveBeenCalled();
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(redirect.preventDefault).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('https://example.org/');
    const handler = contents.setWindowOpenHandler.mock.calls[0]![0] as (d: { url: string }) => unknown;
    expect(handler({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it('denies every request and check', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const cb = vi.fn();
      denyPermissionRequest({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    expect(denyPermissionCheck()).toBe(false);
  });

  it('installs deny-all handlers on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), setDevicePermissionHandler: vi.fn() };
    installSessionGuards(session as never);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledWith(denyPermissionRequest);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledWith(denyPermissionCheck);
    const device = session.setDevicePermissionHandler.mock.calls[0]![0] as () => boolean;
    expect(device()).toBe(false);
  });
});

describe('application menu', () => {
  it('uses the standard roles and hides dev tools outside development', () => {
    const roles = (t: ReturnType<typeof appMenuTemplate>): string[] =>
      t.flatMap((i) => [i.role as string, ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])]).filter(Boolean);
    const linux = roles(appMenuTemplate('linux', { isDev: false }));
    expect(linux).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'reload', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'help']));
    expect(linux).not.toContain('toggleDevTools');
    expect(linux).not.toContain('appMenu');
    expect(roles(appMenuTemplate('darwin', { isDev: true }))).toEqual(expect.arrayContaining(['appMenu', 'toggleDevTools']));
  });
});
