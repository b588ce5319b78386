// Locks a window's web contents down: no navigation away from the app, no new windows, no
// webviews, no permissions. http(s) links the analyst clicks go to the OS browser instead.
import type { HandlerDetails, Session, WebContents, WindowOpenHandlerResponse } from 'electron';
import { isExternalHttpUrl } from './external-links';

type OpenExternal = (url: string) => void | Promise<void>;

/** Handler for `will-navigate` / `will-frame-navigate`: every navigation is stopped. */
export function navigationGuard(openExternal: OpenExternal) {
  return (event: { preventDefault(): void; url?: string }, url?: string) => {
    event.preventDefault();
    const target = url ?? event.url ?? '';
    if (isExternalHttpUrl(target)) void Promise.resolve(openExternal(target)).catch(() => undefined);
  };
}

/** Handler for `setWindowOpenHandler`: never a new Electron window. */
export function windowOpenGuard(openExternal: OpenExternal) {
  return (details: Pick<HandlerDetails, 'url'>): WindowOpenHandlerResponse => {
    if (isExternalHttpUrl(details.url)) void Promise.resolve(openExternal(details.url)).catch(() => undefined);
    return { action: 'deny' };
  };
}

/** Permission request handler: the app needs none of them (notifications come from main). */
export function denyPermissionRequest(_wc: unknown, _permission: string, callback: (granted: boolean) => void): void {
  callback(false);
}
export const denyPermissionCheck = (): boolean => false;

export function installWebContentsGuards(contents: WebContents, openExternal: OpenExternal): void {
  const guard = navigationGuard(openExternal);
  contents.on('will-navigate', (event, url) => guard(event, url));
  // Every frame, not only the main one: will-navigate does not fire for subframes.
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(windowOpenGuard(openExternal));
}

export function installSessionGuards(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
  session.setDevicePermissionHandler(() => false);
}
