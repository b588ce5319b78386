// Ranked candidates of a single match, best first, with confidence shown as text (not colour alone).
import type { MatchResultView } from '../../shared/bridge/groups/match';
import type { MatchCandidate } from '../../shared/service/schemas';
import { oneLineText } from '../../shared/service-text';
import { ServiceText } from '../ui/ServiceText';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { companyField, companyLabel, confidenceLevel, formatConfidence } from './match-format';
import { countryShown } from '../ui/value-catalogue';

export function MatchResults({ result, onOpen }: { result: MatchResultView; onOpen(c: MatchCandidate): void }) {
  if (result.candidates.length === 0) {
    return (
      <p className="match-results__empty" role="status">
        No company matched. Add what else you know (website, country, city) or check the spelling.
      </p>
    );
  }
  return (
    <div className="match-results">
      <p className="match-results__caption" role="status">
        {result.candidates.length} candidate{result.candidates.length === 1 ? '' : 's'}, best first
      </p>
      <div className="table-wrap">
        <DataTable label="Match results" columns={resultColumns(onOpen)} rows={result.candidates} rowKey={(c, i) => `${c.company.company_id}-${i}`} />
      </div>
    </div>
  );
}

function resultColumns(onOpen: (c: MatchCandidate) => void): TableColumn<MatchCandidate>[] {
  return [
    { key: 'rank', header: 'Rank', num: true, cell: (_c, i) => i + 1 },
    { key: 'confidence', header: 'Confidence', cell: (c) => <span className={`confidence confidence--${confidenceLevel(c.confidence)}`}>{formatConfidence(c.confidence)}</span> },
    { key: 'company', header: 'Company', className: 'match-results__name', cell: (c) => <ServiceText text={companyLabel(c.company)} /> },
    {
      key: 'country',
      header: 'Country',
      title: (c) => oneLineText(companyField(c.company, 'country')),
      cell: (c) => <ServiceText text={countryShown(companyField(c.company, 'country') || null, companyField(c.company, 'country_name') || null)} />,
    },
    { key: 'city', header: 'City', cell: (c) => <ServiceText text={companyField(c.company, 'city')} /> },
    { key: 'website', header: 'Website', cell: (c) => <ServiceText text={companyField(c.company, 'website') || companyField(c.company, 'website_domain')} /> },
    // The id is secondary: its first block, the whole id on hover and in the details.
    { key: 'id', header: 'Company ID', className: 'mono', title: (c) => c.company.company_id, cell: (c) => `${c.company.company_id.slice(0, 8)}…` },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (c) => (
        <button type="button" className="button button--small" onClick={() => onOpen(c)} aria-label={`Open details of ${oneLineText(companyLabel(c.company))}`}>
          Details
        </button>
      ),
    },
  ];
}
