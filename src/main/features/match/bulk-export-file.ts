// The export of a bulk match's results to a file the analyst chooses (CSV, XLSX, JSON, NDJSON),
// through the atomic target and the export journal, recorded in the Exports history; and "Show in
// folder" for the files written. Part of the match feature (feature.ts).
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors';
import { describeCsvOptions } from '../../../shared/export/csv-presets';
import { decimalMarkOf, type CsvInputFormat } from '../../../shared/match/encodings';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { AtomicTarget } from '../../platform/tabular/atomic-target';
import { DEFAULT_CSV, type CsvOptions } from '../../platform/tabular/csv';
import { suggestedFileName } from '../../platform/tabular/file-names';
import { fileError } from '../../platform/tabular/io-error';
import type { ExportJournal } from '../../platform/tabular/journal';
import { csvOptions } from '../../platform/tabular/table-file';
import type { BulkJob } from './bulk-job';
import { writeBulkExport } from './bulk-export';
import type { InputFormatStore } from './input-format';

type Handlers = FeatureModule<'match'>['handlers'];

export interface BulkExportDeps {
  deps: Pick<FeatureDeps, 'now' | 'shell' | 'activeProfile'>;
  journal: ExportJournal;
  inputFormats: Pick<InputFormatStore, 'get'>;
  job(id: string): BulkJob;
  exports?: ExportRecords;
}

export function createBulkExports(o: BulkExportDeps): { bulkExport: Handlers['bulkExport']; revealExport: Handlers['revealExport'] } {
  const { deps, journal, inputFormats, job } = o;
  // Files bulkExport wrote, by id, for "Show in folder".
  const exportedFiles = new Map<string, string>();
  return {
    async revealExport({ exportId }) {
      const path = exportedFiles.get(exportId);
      if (!path) throw new AppError('not_found', 'That exported file is no longer listed (the app was restarted).');
      await deps.shell.revealFile(path);
    },

    async bulkExport(input) {
      const { id, format, csv: chosen, encoding, ownCells } = input;
      const j = job(id);
      if (j.view().state === 'running') throw new AppError('invalid_input', 'Wait for the bulk match to finish (or cancel it) before exporting.');
      const stem = (j.view().fileName ?? 'companies').replace(/\.[^.]+$/, '');
      const at = new Date(deps.now());
      const path = await deps.shell.chooseExportPath(suggestedFileName(format, `${stem}-matched`, at));
      if (path === null) return null;
      const startedAt = deps.now();
      try {
        const target = await AtomicTarget.open(path, journal, `match-${j.id}-${randomUUID()}`);
        const csv = format === 'csv' ? bulkCsvOptions(chosen, encoding, inputFormats.get(id)) : undefined;
        const written = await writeBulkExport(target, format, j.headers, j.rows, {
          fileName: j.view().fileName ?? null,
          profile: deps.activeProfile()?.name ?? null,
          at,
          review: { decision: (r) => j.decisionOf(r), chosen: (r) => j.chosenOf(r), counts: j.reviewCounts() },
          ...(csv ? { csv, ...(ownCells ? { ownCells } : {}) } : {}),
        });
        const url = deps.shell.downloadUrlFor?.(path);
        const exportId = randomUUID();
        exportedFiles.set(exportId, path);
        await o.exports?.record({
          origin: 'match',
          source: `Bulk match of ${j.view().fileName ?? 'an input file'}`,
          format,
          path,
          rows: written.rows,
          startedAt,
          finishedAt: deps.now(),
          ...(written.csv ? { neutralised: written.neutralised } : {}),
          again: input,
        });
        return {
          exportId,
          fileName: basename(path),
          rows: written.rows,
          ...(written.csv ? { csv: describeCsvOptions(written.csv), neutralised: written.neutralised } : {}),
          ...(written.notice ? { notice: written.notice } : {}),
          ...(url ? { downloadUrl: url } : {}),
        };
      } catch (e) {
        throw fileError(e);
      }
    },
  };
}

/**
 * The options of a bulk CSV export: as chosen, or else the input file's delimiter, BOM and encoding
 * (with CRLF and the formula prefix, as before).
 */
export function bulkCsvOptions(chosen: Partial<CsvOptions> | undefined, encoding: CsvOptions['encoding'] | undefined, input: CsvInputFormat | null): CsvOptions {
  if (chosen) return { ...csvOptions(chosen), encoding: encoding ?? 'utf-8' };
  return input ? { ...DEFAULT_CSV, delimiter: input.delimiter, bom: input.bom, encoding: input.encoding, decimalSeparator: decimalMarkOf(input) } : DEFAULT_CSV;
}
