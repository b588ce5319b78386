// What a team watch's last check found, in the words of the What changed inbox.
import type { TeamWatchSummary } from '../../shared/team/watches';
import { CHANGE_KIND_LABELS, ChangeKindSchema } from '../../shared/watches/watches';
import { useTeamChanges } from '../data/team';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DataTable } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { changeSubject, changeValues } from '../watches/watch-format';

export interface TeamChangesProps {
  watch: TeamWatchSummary;
  /** One check's changes (a link from a digest); default the last finished check's. */
  checkId?: number;
  /** A company the link named: its rows first, marked. */
  companyId?: string;
  onClose(): void;
}

export function TeamChanges({ watch, checkId, companyId, onClose }: TeamChangesProps) {
  const changes = useTeamChanges(watch.id, checkId);
  const rows = companyId && changes.data ? [...changes.data.filter((c) => c.companyId === companyId), ...changes.data.filter((c) => c.companyId !== companyId)] : changes.data;
  const named = companyId ? changes.data?.find((c) => c.companyId === companyId) : undefined;
  return (
    <section className="profile-editor team-connection" aria-labelledby="team-changes-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h2 id="team-changes-title" className="section-title">
        What ‘{watch.name}’ found{checkId ? ` in check ${checkId}` : ''}
      </h2>
      {named ? <p data-testid="team-changes-company">The changes of {named.companyName ?? named.companyId} come first.</p> : null}
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      {changes.isPending ? <Spinner label="Loading the changes…" /> : null}
      {changes.isError ? <ErrorMessage error={changes.error} /> : null}
      {rows ? (
        rows.length === 0 ? (
          <p>{checkId ? 'This check found no changes.' : 'The last check found no changes.'}</p>
        ) : (
          <DataTable
            label={`Changes found by ‘${watch.name}’`}
            rows={rows}
            rowKey={(_c, i) => String(i)}
            rowProps={(c) => (companyId && c.companyId === companyId ? { className: 'data-table__row--marked', 'aria-current': 'true' } : {})}
            columns={[
              { key: 'company', header: 'Company', rowHeader: true, cell: (c) => c.companyName ?? c.companyId },
              { key: 'kind', header: 'Change', cell: (c) => kindLabel(c.kind) },
              { key: 'what', header: 'Field', cell: (c) => changeSubject({ kind: c.kind as never, field: c.field }) || '–' },
              { key: 'values', header: 'Old → new', cell: (c) => changeValues({ kind: c.kind as never, field: c.field, oldValue: c.oldValue, newValue: c.newValue, detail: c.detail ?? null }) },
            ]}
          />
        )
      ) : null}
    </section>
  );
}

function kindLabel(kind: string): string {
  const k = ChangeKindSchema.safeParse(kind);
  return k.success ? CHANGE_KIND_LABELS[k.data] : kind;
}
