// The heavy half of browser mode (core, features, embedded sandbox), loaded after the host is
// already listening so the page downloads and renders while this module graph is evaluated.
import { eventChannel } from '../../../shared/bridge/define';
import { bridgeTable } from '../../../shared/bridge/table';
import { createDispatcher } from '../../platform/bridge/dispatcher';
import { createCore, type Core } from '../compose/create-core';
import { createWebHostHooks } from './web-host-hooks';
import type { BrowserHost } from './host';

export async function startCoreBehind(host: BrowserHost, dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, shell: createWebHostHooks(dataDir, host) });
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((group, name, payload) => host.broadcast(eventChannel(group, name), payload));
  host.setLinkOpener((text) => core.openLink(text));
  return core;
}
