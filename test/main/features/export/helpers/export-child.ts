// Child process for the "killed mid-export" test: starts a slow sandbox, exports all pages to the
// target given in argv, and prints PROGRESS lines so the parent knows when to SIGKILL it.
import { startSandbox } from '../../../../../src/sandbox/server';
import { createExportFeature } from '../../../../../src/main/features/export/feature';
import { realClient } from './real-client';
import { harness } from './harness';

async function main() {
  const [dataDir, target, format] = process.argv.slice(2);
  const sandbox = await startSandbox({ companies: 4_000, faults: { latencyMs: 40, targets: ['search'] } });
  const h = harness(realClient(sandbox), dataDir!);
  const feature = createExportFeature(h.deps, { progressIntervalMs: 0 });
  h.onProgress((job) => process.stdout.write(`PROGRESS ${job.pages}\n`));
  h.paths.push(target!);
  const body = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
  await feature.handlers.start(
    { source: { kind: 'all', body, pageSize: 50 }, format: format as 'csv', columns: format === 'csv' ? ['company_id', 'name'] : null },
    { signal: new AbortController().signal },
  );
}
void main();
