// What a team watch's last check found, in the words of the What changed inbox: a company's several
// field changes of one check as one row ("moved (street, city)"; issue 38), a leaver with its reason.
import type { TeamChange, TeamWatchSummary } from '../../shared/team/watches';
import { CHANGE_KIND_LABELS, ChangeKindSchema } from '../../shared/watches/watches';
import { useTeamChanges } from '../data/team';
import { EsgModuleSchema } from '../../shared/service/schemas';
import { useNavigation } from '../state/navigation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DataTable } from '../ui/grid/DataTable';
import { Spinner } from '../ui/Spinner';
import { ServiceText } from '../ui/ServiceText';
import { oneLineText } from '../../shared/service-text';
import { changeSubject, changeValues, fieldInWords } from '../watches/watch-format';
import { groupCompanyFields, groupSummary, type InboxEntry } from '../watches/change-groups';

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
  const ordered = companyId && changes.data ? [...changes.data.filter((c) => c.companyId === companyId), ...changes.data.filter((c) => c.companyId !== companyId)] : changes.data;
  const rows = ordered ? groupCompanyFields(ordered) : undefined;
  const { navigate } = useNavigation();
  /** Opens the company on the ESG screen, its record beside its ESG and this change said above (issue 38). */
  const open = (e: InboxEntry<TeamChange>) => {
    const first = e.kind === 'one' ? e.change : e.changes[0]!;
    const module = EsgModuleSchema.safeParse(first.module);
    const words = e.kind === 'one' ? [kindLabel(first.kind), changeSubject({ kind: first.kind as never, field: first.field }), valuesOf(first)].filter(Boolean).join(': ') : `Fields changed: ${groupSummary(e.changes)}`;
    navigate({ screen: 'esg', companyId: first.companyId, ...(first.companyName ? { companyName: first.companyName } : {}), ...(module.success ? { module: module.data } : {}), fromChange: `${words} (team watch ‘${watch.name}’)` });
  };
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
            rowProps={(e) => (companyId && companyOf(e) === companyId ? { className: 'data-table__row--marked', 'aria-current': 'true' } : {})}
            columns={[
              {
                key: 'company',
                header: 'Company',
                rowHeader: true,
                cell: (e) => {
                  const name = e.kind === 'one' ? (e.change.companyName ?? e.change.companyId) : (e.companyName ?? e.companyId);
                  return (
                    <button type="button" className="button button--ghost button--small" title={`Open ${oneLineText(name)} on the ESG screen`} onClick={() => open(e)}>
                      <ServiceText text={name} />
                    </button>
                  );
                },
              },
              { key: 'kind', header: 'Change', cell: (e) => (e.kind === 'one' ? kindLabel(e.change.kind) : 'Fields changed') },
              { key: 'what', header: 'Field', cell: (e) => (e.kind === 'one' ? changeSubject({ kind: e.change.kind as never, field: e.change.field }) || '–' : groupSummary(e.changes)) },
              { key: 'values', header: 'Old → new', cell: (e) => (e.kind === 'one' ? valuesOf(e.change) : e.changes.map((c) => `${fieldInWords(c.field ?? '')}: ${valuesOf(c)}`).join('; ')) },
            ]}
          />
        )
      ) : null}
    </section>
  );
}

const companyOf = (e: InboxEntry<TeamChange>) => (e.kind === 'one' ? e.change.companyId : e.companyId);
const valuesOf = (c: TeamChange) => changeValues({ kind: c.kind as never, field: c.field, oldValue: c.oldValue, newValue: c.newValue, detail: c.detail ?? null });

function kindLabel(kind: string): string {
  const k = ChangeKindSchema.safeParse(kind);
  return k.success ? CHANGE_KIND_LABELS[k.data] : kind;
}
