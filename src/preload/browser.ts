// Browser-mode "preload": served by the local host before the renderer's own script, it installs the
// same `window.firmscope` the Electron preload exposes, carried over one WebSocket. The page holds no
// credential: the browser sends the HttpOnly session cookie the launch link was exchanged for.
import { bridgeTable } from '../shared/bridge/table';
import { buildFirmscopeApi, deepFreeze } from './build-api';
import { bridgeSocketUrl, wsTransport } from './ws-transport';

const transport = wsTransport({ url: bridgeSocketUrl(window.location) });
Object.defineProperty(window, 'firmscope', {
  value: deepFreeze(buildFirmscopeApi(bridgeTable, transport)),
  writable: false,
  configurable: false,
  enumerable: true,
});
