// The heavy half of browser mode (core, features, embedded sandbox), loaded after the host is
// already listening so the page downloads and renders while this module graph is evaluated.
import { eventChannel } from '../../../shared/bridge/define';
import { bridgeTable } from '../../../shared/bridge/table';
import { createDispatcher } from '../../platform/bridge/dispatcher';
import { createCore, type Core, type CoreOptions } from '../compose/create-core';
import { createWebHostHooks } from './web-host-hooks';
import type { BrowserHost } from './host';

/** The core behind `host`: its bridge, its events, its links. `extra`: what E2E hosts change (their sandbox). */
export async function startCoreBehind(host: BrowserHost, dataDir: string, extra: Pick<CoreOptions, 'sandbox'> = {}): Promise<Core> {
  const core = await createCore({ dataDir, shell: createWebHostHooks(dataDir, host), ...extra });
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((group, name, payload) => host.broadcast(eventChannel(group, name), payload));
  host.setLinkOpener((text) => core.openLink(text));
  return core;
}
