// The Exports history as the features that write files without the export feature see it (bulk
// match, ESG workbook): they record each finished file, and say how to write it again. The export
// feature implements it and the composition root hands it over, so no feature imports another for it.
// The same port carries the other way what an export of another feature's view needs: its rows.
import type { ExportJob } from '../../../shared/bridge/groups/export';

/** One finished file of another feature, for the Exports screen. */
export interface RecordedExport {
  origin: 'match' | 'esg' | 'watches';
  /** What was exported, in words ("Bulk match of suppliers.csv", "ESG of list “Portfolio”", "Changes of watch ‘DE manufacturing’"). */
  source: string;
  format: ExportJob['format'];
  /** Stays in main; the screen gets the name, the size and a download link. */
  path: string;
  rows: number;
  startedAt: number;
  finishedAt: number;
  /** CSV: cells that got the formula prefix. */
  neutralised?: number;
  /** The recording feature's own settings (plain JSON), handed back to its repeater by "Export again". */
  again: unknown;
}

/** Writes a recorded export again with the same settings to a new file; null when no file was chosen. */
export type ExportRepeater = (again: unknown) => Promise<{ fileName: string } | null>;

/** The rows of another feature's view, taken when an export starts (their order is the view's). */
export interface ViewRows {
  total: number;
  /** Rows `offset`..`offset + limit` of the view: keyed by the visible column labels, or every field. */
  read(offset: number, limit: number): Record<string, unknown>[];
  /** The view's visible columns, in order. */
  columns: string[];
  /** The Exports screen's words for it ("Bulk match results of suppliers.csv (Matched)"). */
  source: string;
  /** A file-name stem ("suppliers-results"). */
  stem: string;
  /** What the About sheet / sidecar records of the view (input file, rows shown, order). */
  about: Array<{ label: string; value: string | number }>;
}

/**
 * Reads a view of the registering feature for an export (`export.start` source `match`): the export
 * feature writes the file, the feature that holds the rows only says which rows and columns.
 */
export type ViewRowReader = (view: unknown, fields: 'visible' | 'all') => ViewRows;

export interface ExportRecords {
  record(entry: RecordedExport): Promise<void>;
  /** The recording feature's way to write one of its exports again (registered once, at creation). */
  repeatWith(origin: RecordedExport['origin'], repeater: ExportRepeater): void;
  /** The bulk-match feature's reader of its results view (registered once, at creation). */
  readViewWith(kind: 'match', reader: ViewRowReader): void;
}
