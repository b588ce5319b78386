// Export again, and the other features' ways into this one: the repeaters the recording features
// register (bulk match, ESG workbook, watch changes write their own files again) and the bulk-match
// results reader (Export view… of its table). This feature's own exports are started again from
// their kept start input. Part of the export feature (feature.ts).
import { ExportStartSchema, type ExportJob, type ExportStartInput } from '../../../shared/bridge/groups/export';
import { AppError } from '../../../shared/errors';
import type { ExportRecords, ExportRepeater, RecordedExport, ViewRowReader } from '../../platform/ports/export-records';
import type { RunningJob } from './export-jobs';

/** Origins whose files another feature writes (and writes again): RecordedExport['origin']. */
function recordedOrigin(origin: ExportJob['origin']): origin is RecordedExport['origin'] {
  return origin === 'match' || origin === 'esg' || origin === 'watches';
}

export interface ExportAgain extends Pick<ExportRecords, 'repeatWith' | 'readViewWith'> {
  /** The registered view readers, for the sources of view exports (export-sources.ts). */
  readonly viewReaders: ReadonlyMap<'match', ViewRowReader>;
  /** Export again needs the settings kept and, for another feature's file, that feature's repeater. */
  canRepeat(entry: RunningJob): boolean;
  /** Writes the entry again: another feature's through its repeater, this feature's through `start`. */
  again(entry: RunningJob | undefined, start: (input: ExportStartInput) => Promise<ExportJob | null>): Promise<{ fileName: string } | null>;
}

export function createExportAgain(): ExportAgain {
  const repeaters = new Map<RecordedExport['origin'], ExportRepeater>();
  const viewReaders = new Map<'match', ViewRowReader>();
  return {
    viewReaders,
    repeatWith(origin, repeater) {
      repeaters.set(origin, repeater);
    },
    readViewWith(kind, reader) {
      viewReaders.set(kind, reader);
    },
    canRepeat(entry) {
      if (entry.again === undefined || entry.job.state === 'running') return false;
      const origin = entry.job.origin;
      return recordedOrigin(origin) ? repeaters.has(origin) : true;
    },
    async again(entry, start) {
      if (!entry || entry.again === undefined) throw new AppError('not_found', 'That export cannot be written again (it is no longer listed).');
      const origin = entry.job.origin;
      if (recordedOrigin(origin)) {
        const repeat = repeaters.get(origin);
        if (!repeat) throw new AppError('not_found', 'That kind of export cannot be written again in this build.');
        return repeat(entry.again);
      }
      const input = ExportStartSchema.safeParse(entry.again);
      if (!input.success) throw new AppError('not_found', 'That export cannot be written again (its settings were not kept).');
      const job = await start(input.data);
      return job ? { fileName: job.fileName } : null;
    },
  };
}
