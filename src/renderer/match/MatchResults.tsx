// Ranked candidates of a single match, best first, with confidence shown as text (not colour alone).
import type { MatchResultView } from '../../shared/bridge/groups/match';
import type { MatchCandidate } from '../../shared/service/schemas';
import { oneLineText } from '../../shared/service-text';
import { ServiceText } from '../ui/ServiceText';
import { companyField, companyLabel, confidenceLevel, formatConfidence } from './match-format';

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
        <table className="data-table" aria-label="Match results">
          <thead>
            <tr>
              <th scope="col" className="num">Rank</th>
              <th scope="col">Confidence</th>
              <th scope="col">Company</th>
              <th scope="col">Country</th>
              <th scope="col">City</th>
              <th scope="col">Website</th>
              <th scope="col">Company ID</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {result.candidates.map((c, i) => (
              <tr key={`${c.company.company_id}-${i}`}>
                <td className="num">{i + 1}</td>
                <td>
                  <span className={`confidence confidence--${confidenceLevel(c.confidence)}`}>{formatConfidence(c.confidence)}</span>
                </td>
                <td className="match-results__name">
                  <ServiceText text={companyLabel(c.company)} />
                </td>
                <td title={oneLineText(companyField(c.company, 'country'))}>
                  <ServiceText text={companyField(c.company, 'country_name') || companyField(c.company, 'country')} />
                </td>
                <td>
                  <ServiceText text={companyField(c.company, 'city')} />
                </td>
                <td>
                  <ServiceText text={companyField(c.company, 'website') || companyField(c.company, 'website_domain')} />
                </td>
                {/* The id is secondary: its first block, the whole id on hover and in the details. */}
                <td className="mono" title={c.company.company_id}>
                  {c.company.company_id.slice(0, 8)}…
                </td>
                <td>
                  <button type="button" className="button button--small" onClick={() => onOpen(c)} aria-label={`Open details of ${oneLineText(companyLabel(c.company))}`}>
                    Details
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
