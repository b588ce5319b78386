// A real core (fresh data dir, memory vault, small embedded sandbox) reached through the bridge
// dispatcher, as a shell calls it: for tests of what the bridge accepts and refuses.
import { createDispatcher } from '../../src/main/platform/bridge/dispatcher';
import { createCore } from '../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../src/main/platform/secrets/memory-vault';
import { fnChannel } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { tempDir, testShell } from './core-helpers';

const ctx = { signal: new AbortController().signal };

/** Boots the core; its teardown goes on `cleanups` (run in reverse after each test). */
export async function bootCoreBridge(cleanups: Array<() => unknown>, companies = 100) {
  const d = tempDir();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies } });
  cleanups.push(d.cleanup, () => core.close());
  const dispatch = createDispatcher(bridgeTable, core.handlers);
  const call = (group: string, name: string, input: unknown): Promise<unknown> => dispatch.call(fnChannel(group, name), input, ctx);
  return { dir: d.dir, call };
}
