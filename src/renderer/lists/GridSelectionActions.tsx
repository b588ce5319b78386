// What the result grids offer for their ticked rows: add them to a list, refresh their ESG data.
import type { CompanyRecord } from '../../shared/service/schemas';
import { RefreshEsgForSelection } from '../esg-runs/RefreshEsgForSelection';
import { SelectionToList } from './SelectionToList';

export function GridSelectionActions({ selected }: { selected: CompanyRecord[] }) {
  return (
    <>
      <SelectionToList selected={selected} />
      <RefreshEsgForSelection selected={selected} />
    </>
  );
}
