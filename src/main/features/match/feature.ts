// Match feature (main side): preview/single match through the one request builder, and bulk jobs.
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { matchGroup } from '../../../shared/bridge/groups/match';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { ExportRecords } from '../../platform/ports/export-records';
import { ExportJournal } from '../../platform/tabular/journal';
import type { ListsAccess } from '../lists/list-store';
import { reviewThresholds } from './review-thresholds';
import { createMappingMemory } from './mapping-memory';
import { createBulkStart } from './bulk-start';
import { createSingleMatch } from './single-match';
import { createBulkExports } from './bulk-export-file';
import { ownFormulaCells } from './bulk-export';
import { InputFormatStore } from './input-format';
import { createInputFiles } from './input-files';
import { BulkJobRegistry } from './job-registry';
import { resultsRows, resultsViewReader } from './results-view';
import { addReviewedToList } from './review-to-list';

/** Settings key: the review threshold each profile last chose (review-thresholds.ts). */
export { REVIEW_THRESHOLD_KEY } from './review-thresholds';

/** The lists feature as the review step uses it (absent in tests that do not need lists). */
export interface MatchFeatureOptions {
  lists?: { activeStore(): ListsAccess };
  /** The Exports history: each bulk export is recorded there, and can be written again from it. */
  exports?: ExportRecords;
}

export function createMatchFeature(deps: FeatureDeps, opts: MatchFeatureOptions = {}): FeatureModule<'match'> {
  // The same journal as search exports: a killed process leaves no partial file (swept at start).
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const template = () => deps.activeProfile()?.matchPayloadTemplate ?? null;
  // The slider is remembered per profile: the next bulk match of that profile starts with it.
  const thresholds = reviewThresholds(deps);

  // How each job's input was written: its CSV export goes out the same way by default.
  const inputFormats = new InputFormatStore(deps.settings, deps.now);

  const uploadsDir = join(deps.dataDir, 'uploads');
  // Files the analyst chose or the page uploaded, by id (input-files.ts).
  const files = createInputFiles(deps, uploadsDir);

  // Bulk jobs live in the profile's workspace database (in memory when it cannot load).
  const registry = new BulkJobRegistry({
    workspace: deps.workspace,
    activeProfileId: () => deps.activeProfile()?.id ?? null,
    // A job of another profile runs on after a switch, but its progress would land in the shown list.
    env: { api: deps.api, now: deps.now, onProgress: (view) => registry.ofActiveProfile(view.id) && deps.emit('match', 'bulkProgress', view) },
    sourcesDir: join(deps.dataDir, 'match-sources'),
    uploadsDir,
    onWriteError: (message) => deps.shell.notify('Bulk match not saved', message),
  });
  const job = (id: string) => registry.get(id);
  // Results to a file, and "Show in folder" (bulk-export-file.ts).
  const exports = createBulkExports({ deps, journal, inputFormats, job, exports: opts.exports });

  const handlers: FeatureModule<'match'>['handlers'] = {
    ...createSingleMatch(deps, template),
    pickFile: files.pickFile,
    uploadChunk: files.uploadChunk,
    ...createBulkStart({ deps, files, template, registry, inputFormats, thresholds, mappings: createMappingMemory(deps.settings, deps.now) }),

    async bulkJobs() {
      return registry.list().map((j) => j.view());
    },

    async bulkDelete({ id }) {
      registry.delete(id);
    },

    async bulkRows({ id, offset, limit, states, decisions }) {
      const j = job(id);
      const rows = resultsRows(j, { states, decisions });
      return { total: rows.length, rows: rows.slice(offset, offset + limit).map((r) => j.rowView(r)) };
    },

    async bulkSetThreshold({ id, threshold }) {
      const j = job(id);
      j.setThreshold(threshold);
      thresholds.remember(threshold);
      return j.view();
    },

    async bulkDecide({ id, line, action, companyId }) {
      const j = job(id);
      const row = j.decide(line, action === 'pick' ? { action, companyId: companyId! } : { action });
      return { row: j.rowView(row), job: j.view() };
    },

    async bulkRetryFailures({ id }) {
      const j = job(id);
      void j.retryFailures().catch(() => undefined);
      return j.view();
    },

    async bulkCancel({ id }) {
      job(id).cancel();
    },

    async bulkAddToList({ id, target }) {
      const j = job(id);
      if (!opts.lists) throw new AppError('workspace_unavailable', 'Lists are not available in this build.');
      return addReviewedToList(j, opts.lists.activeStore(), target);
    },

    revealExport: exports.revealExport,

    async bulkCsvInput({ id }) {
      job(id);
      return inputFormats.get(id);
    },

    bulkExport: exports.bulkExport,

    async bulkOwnFormulaCells({ id }) {
      const j = job(id);
      return ownFormulaCells(j.headers, j.rows);
    },
  };

  // Export again (Exports screen): the same job, format and CSV choice, to a new file.
  opts.exports?.repeatWith('match', async (again) => {
    const result = await handlers.bulkExport(matchGroup.fns.bulkExport.input.parse(again), { signal: new AbortController().signal });
    return result ? { fileName: result.fileName } : null;
  });

  // Export view… on the results table: the export feature reads the rows as the table shows them.
  opts.exports?.readViewWith('match', resultsViewReader(job));

  return {
    handlers,
    async start() {
      // The active profile's jobs are listed again, and one the app stopped while it ran goes on.
      try {
        registry.loadActive();
      } catch {
        // An unreadable database is the workspace notice's to report; jobs then start in memory.
      }
    },
    async dispose() {
      await registry.dispose();
    },
  };
}
