// The result grids' "Add N selected to a list…": the selected rows join a list with the records the
// analyst sees, so the list shows names, country and industry without asking the service again.
import type { CompanyRecord } from '../../shared/service/schemas';
import { AddToList } from './AddToList';
import { formatCount } from '../ui/format';

export function SelectionToList({ selected }: { selected: CompanyRecord[] }) {
  const count = selected.length;
  return (
    <AddToList
      label={count ? `Add ${formatCount(count)} selected to a list…` : 'Add selected to a list…'}
      disabled={count === 0}
      source={() => ({ kind: 'companies', companies: selected.map((record) => ({ companyId: record.company_id, record })) })}
    />
  );
}
