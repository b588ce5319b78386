// An export's job row and its spec, planned from the start input, its source and the file chosen:
// what the Exports screen shows (counts known up front, the origin) and what the writer needs
// (columns, CSV options, the About sheet). Pure: the export feature (feature.ts) runs it.
import { basename } from 'node:path';
import type { ExportJob, ExportStartInput } from '../../../shared/bridge/groups/export';
import { queryText } from '../../../shared/export/file-name';
import { csvOptions } from '../../platform/tabular/table-file';
import { columnsOf, originOf, type SourceOf } from './export-sources';
import type { ExportSpec } from './types';

export interface PlanInput {
  id: string;
  input: ExportStartInput;
  of: SourceOf;
  /** The file the analyst chose. */
  target: string;
  spoolDir: string;
  now: () => number;
  /** The profile's name only: never its URLs' credentials or its secret. */
  profile: string | null;
}

export function planExport(o: PlanInput): { job: ExportJob; spec: ExportSpec } {
  const { id, input, of, target, spoolDir } = o;
  const { source, list, snapshot: snap } = of;
  const job: ExportJob = {
    id,
    ...originOf(of),
    format: input.format,
    fileName: basename(target),
    state: 'running',
    phase: 'fetching',
    rows: 0,
    pages: 0,
    ...(source.kind === 'rows' ? { totalRows: source.rows.length, totalPages: 1 } : {}),
    ...(source.kind === 'list' ? { totalRows: source.ids.length, list: { id: source.listId, name: list!.info.name } } : {}),
    ...(source.kind === 'snapshot' ? { totalRows: source.ids.length } : {}),
    ...(source.kind === 'view' ? { totalRows: source.rows.total } : {}),
    startedAt: o.now(),
  };
  const spec: ExportSpec = {
    id,
    source,
    format: input.format,
    columns: columnsOf(source, input),
    csv: csvOptions(input.csv),
    target,
    spoolDir,
    about: {
      query: source.kind === 'all' ? queryText(source.body) : snap ? queryText(snap.query) || 'every company' : 'the page on screen',
      ...(list ? { list: { name: list.info.name, filter: list.filter, sort: list.sort } } : {}),
      ...(snap ? { snapshot: snap.about } : {}),
      ...(source.kind === 'view' ? { view: source.rows.about } : {}),
      // The profile's name only: never its URLs' credentials or its secret.
      profile: o.profile,
      startedAt: new Date(o.now()),
    },
  };
  return { job, spec };
}
