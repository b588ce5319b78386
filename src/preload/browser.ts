// Browser-mode "preload": served by the local host before the renderer's own script, it installs the
// same `window.firmscope` the Electron preload exposes, carried over one WebSocket.
import { bridgeTable } from '../shared/bridge/table';
import { TOKEN_STORAGE_KEY } from '../shared/bridge/ws-protocol';
import { buildFirmscopeApi, deepFreeze } from './build-api';
import { bridgeSocketUrl, wsTransport } from './ws-transport';

/** The launch token arrives in the URL fragment (never sent to a server); keep it for reloads of this tab, then hide it. */
function takeToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match) {
    try {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, match[1]);
    } catch {
      // Storage disabled: the token still works for this page load.
    }
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1];
  }
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

const transport = wsTransport({ url: bridgeSocketUrl(window.location), token: takeToken() });
Object.defineProperty(window, 'firmscope', {
  value: deepFreeze(buildFirmscopeApi(bridgeTable, transport)),
  writable: false,
  configurable: false,
  enumerable: true,
});
