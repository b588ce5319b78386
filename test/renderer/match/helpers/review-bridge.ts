// window.firmscope for the review queue in a DOM test, made of the real match feature's handlers
// (what the bridge would carry), with bulk progress events fed to `listeners`.
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { toBridgeError } from '../../../../src/shared/errors';
import type { createMatchFeature } from '../../../../src/main/features/match/feature';

const ctx = { signal: new AbortController().signal };

async function call(fn: () => Promise<unknown>) {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, error: toBridgeError(e) };
  }
}

export function installReviewBridge(feature: ReturnType<typeof createMatchFeature>, listeners: Set<(v: BulkJobView) => void>): void {
  const h = feature.handlers;
  (window as unknown as { firmscope: unknown }).firmscope = {
    match: {
      bulkRows: (i: Parameters<typeof h.bulkRows>[0]) => call(() => h.bulkRows(i, ctx)),
      bulkDecide: (i: Parameters<typeof h.bulkDecide>[0]) => call(() => h.bulkDecide(i, ctx)),
      bulkSetThreshold: (i: Parameters<typeof h.bulkSetThreshold>[0]) => call(() => h.bulkSetThreshold(i, ctx)),
      onBulkProgress: (cb: (v: BulkJobView) => void) => (listeners.add(cb), () => listeners.delete(cb)),
    },
    lists: { all: () => call(async () => []), onChanged: () => () => {} },
  };
}
