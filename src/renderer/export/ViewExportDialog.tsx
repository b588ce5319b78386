// The one "Export view…" dialog of every view (a snapshot view, a list view, bulk-match results):
// the rows of the view as shown, its visible columns in their order or all fields, in CSV, XLSX,
// JSON or NDJSON, with the CSV presets. Each view says what it writes and how to start it; main
// reads the rows (export sources `snapshot`, `list`, `match`), so nothing is fetched again.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PopoverDialog } from '../ui/PopoverDialog';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_FORMATS, type ExportJob } from '../../shared/bridge/groups/export';
import { NEUTRALISE_EXPLANATION } from '../../shared/export/cell-rules';
import type { CsvOptionsInput } from '../../shared/export/csv-options';
import { useNavigation } from '../state/navigation';
import { ExportFormEnd } from './ExportFormEnd';
import { CsvOptions, useCsvChoice } from './CsvOptions';
import type { CsvSample } from './OpenedNote';
import { FORMAT_LABELS } from './export-format';
import { useExportJobs } from '../data/export';
import { ExportResult } from './ExportResult';
import './export.css';

export type ViewExportFormat = (typeof EXPORT_FORMATS)[number];
export type ColumnMode = 'visible' | 'all';

export interface ViewExportStart {
  format: ViewExportFormat;
  columnMode: ColumnMode;
  /** Only for CSV. */
  csv?: CsvOptionsInput;
}

export interface ViewExportDialogProps {
  /** The dialog's heading: "Export the snapshot view". */
  title: string;
  /** What will be written, for the chosen columns; null while the view is being counted. */
  summary(columnMode: ColumnMode): string | null;
  /** The order, filter and facets in words, and where the About goes. */
  hint: ReactNode;
  visibleLabel: string;
  allLabel: string;
  /** The rows on screen in the chosen columns, to say what a double-click would change in them. */
  sample(columnMode: ColumnMode): CsvSample | null;
  /** Nothing to export (an empty view). */
  empty?: boolean;
  start(o: ViewExportStart): Promise<ExportJob | null>;
  /** The opening button's text (default "Export view…"). */
  buttonLabel?: string;
  /** Where the dialog opens: to the right of its button (default) or to the left. */
  align?: 'right' | 'left';
}

export function ViewExportDialog(props: ViewExportDialogProps) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="export-menu">
      <button type="button" ref={opener} className="button button--small" aria-expanded={open} aria-controls={dialogId} onClick={() => setOpen((o) => !o)}>
        {props.buttonLabel ?? 'Export view…'}
      </button>
      {open ? (
        <PopoverDialog id={dialogId} titleId={titleId} className={`export-dialog${props.align === 'left' ? '' : ' export-dialog--to-right'}`} opener={opener} onClose={() => setOpen(false)}>
          <h2 id={titleId} className="export-dialog__title">
            {props.title}
          </h2>
          <ViewExportForm {...props} onClose={() => setOpen(false)} />
        </PopoverDialog>
      ) : null}
    </div>
  );
}

function ViewExportForm({ summary, hint, visibleLabel, allLabel, sample, empty, start: startExport, onClose }: ViewExportDialogProps & { onClose(): void }) {
  // XLSX first: no CSV form keeps 03024 or 26.20 through a double-click (docs/export.md).
  const [format, setFormat] = useState<ViewExportFormat>('xlsx');
  const [columnMode, setColumnMode] = useState<ColumnMode>('visible');
  const csv = useCsvChoice(format === 'csv');
  const [started, setStarted] = useState<ExportJob | null>(null);
  const { navigate } = useNavigation();
  const jobs = useExportJobs();
  const name = useId();

  const start = useMutation({
    mutationFn: () => startExport({ format, columnMode, ...(format === 'csv' ? { csv: csv.options } : {}) }),
    onSuccess: (job) => setStarted(job),
  });
  const live = started ? (jobs.data?.find((j) => j.id === started.id) ?? started) : null;
  if (live) return <ExportResult job={live} onAgain={() => setStarted(null)} onClose={onClose} onOpenExports={() => navigate({ screen: 'exports' })} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  const said = summary(columnMode);
  return (
    <form onSubmit={submit} className="export-form" aria-label="Export options">
      <p className="export-form__estimate" role="status" data-testid="view-export-summary">
        {said === null ? 'Counting the rows of the view…' : `This export writes ${said}.`}
      </p>
      <p className="field__hint">{hint}</p>
      <fieldset>
        <legend>Format</legend>
        {EXPORT_FORMATS.map((f) => (
          <label key={f} className="export-form__choice">
            <input type="radio" name={`${name}-format`} value={f} checked={format === f} onChange={() => setFormat(f)} />
            {FORMAT_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Columns</legend>
        <label className="export-form__choice">
          <input type="radio" name={`${name}-columns`} value="visible" checked={columnMode === 'visible'} onChange={() => setColumnMode('visible')} />
          {visibleLabel}
        </label>
        <label className="export-form__choice">
          <input type="radio" name={`${name}-columns`} value="all" checked={columnMode === 'all'} onChange={() => setColumnMode('all')} />
          {allLabel}
        </label>
      </fieldset>
      {format === 'csv' ? <CsvOptions csv={csv} sample={sample(columnMode)} onUseXlsx={() => setFormat('xlsx')} /> : null}
      {format === 'csv' || format === 'xlsx' ? <p className="export-form__explain">{NEUTRALISE_EXPLANATION}</p> : null}
      <ExportFormEnd start={{ isPending: start.isPending, error: start.error, noFile: start.isSuccess && start.data === null }} disabled={!csv.ready || Boolean(empty)} onClose={onClose} />
    </form>
  );
}
