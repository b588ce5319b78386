// "Export changes (XLSX)" of a watch (or of one of its checks): main asks for the file (desktop) or
// offers it for download (browser mode) and writes it atomically; the About sheet names the watch and
// both check times. The result reads like other exports: the file, its rows, Download or Open Exports.
import { useNavigation } from '../state/navigation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { n } from './watch-format';
import { useExportChanges } from '../data/watches';

export function ExportChanges({ watchId, checkId, label, buttonText = 'Export changes (XLSX)' }: { watchId: number; checkId?: number; label: string; buttonText?: string }) {
  const exp = useExportChanges();
  const { navigate } = useNavigation();
  const result = exp.data;
  return (
    <div className="watch-export" role="group" aria-label={`Export ${label}`}>
      <button type="button" className="button button--small" disabled={exp.isPending} onClick={() => exp.mutate({ id: watchId, ...(checkId ? { checkId } : {}) })} aria-label={`${buttonText}: ${label}`}>
        {exp.isPending ? 'Exporting…' : buttonText}
      </button>
      {exp.isSuccess && result === null ? (
        <span role="status" className="watch-export__status">
          No file chosen; nothing was exported.
        </span>
      ) : null}
      {result ? (
        <span role="status" className="watch-export__status">
          Exported {n(result.rows)} {result.rows === 1 ? 'change' : 'changes'} to {result.fileName}.{' '}
          {result.downloadUrl ? (
            <a className="button button--small" href={result.downloadUrl} download={result.fileName} aria-label={`Download ${result.fileName}`}>
              Download
            </a>
          ) : (
            <button type="button" className="button button--ghost button--small" onClick={() => navigate({ screen: 'exports' })}>
              Open Exports
            </button>
          )}
        </span>
      ) : null}
      {exp.error ? <ErrorMessage error={exp.error} title="The changes could not be exported" /> : null}
    </div>
  );
}
