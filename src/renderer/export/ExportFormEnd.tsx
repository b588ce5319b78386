// The end of every export form (search, snapshot view, list view, bulk-match results): why it could
// not start, "no file chosen", and Start export / Close / Open Exports.
import { useNavigation } from '../state/navigation';
import { ErrorMessage } from '../ui/ErrorMessage';

export function ExportFormEnd(props: {
  /** The start call's state: pending, its error, and whether it answered "no file chosen" (null). */
  start: { isPending: boolean; error: unknown; noFile: boolean };
  /** Start export is off (CSV options not ready, nothing to export). */
  disabled: boolean;
  onClose(): void;
}) {
  const { navigate } = useNavigation();
  const { start } = props;
  return (
    <>
      {start.error ? <ErrorMessage error={start.error} title="The export could not start" /> : null}
      {start.noFile ? <p role="status">No file chosen; nothing was exported.</p> : null}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={start.isPending || props.disabled}>
          {start.isPending ? 'Choosing a file…' : 'Start export'}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          Close
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate({ screen: 'exports' })}>
          Open Exports
        </button>
      </div>
    </>
  );
}
