// "Refresh ESG for N selected" on the result grids (service pages and loaded snapshots): the ticked
// rows become a run without a list, named after the companies, and the ESG runs screen opens on its
// board. Nothing shows until a row is ticked.
import type { CompanyRecord } from '../../shared/service/schemas';
import type { RunCompany } from '../../shared/esg-runs/schemas';
import { useNavigation } from '../state/navigation';
import { RefreshEsg } from './RefreshEsg';
import { selectionRunLabel } from './selection-label';
import { formatCount } from '../ui/format';

const nameOf = (r: CompanyRecord): string | null => (typeof r.name === 'string' && r.name.trim() ? r.name.trim() : null);

export function RefreshEsgForSelection({ selected }: { selected: CompanyRecord[] }) {
  const { navigate } = useNavigation();
  if (selected.length === 0) return null;
  const companies: RunCompany[] = selected.map((r) => ({ companyId: r.company_id, companyName: nameOf(r) }));
  return (
    <RefreshEsg
      label={selectionRunLabel(companies.map((c) => c.companyName))}
      count={companies.length}
      small
      buttonLabel={`Refresh ESG for ${formatCount(companies.length)} selected`}
      companies={() => companies}
      onStarted={(run) => navigate({ screen: 'runs', runId: run.id })}
    />
  );
}
