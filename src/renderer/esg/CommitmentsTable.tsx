// Commitments: what, target, year, status and source, one row each.
import { humanize, type Commitment } from '../ui/esg-format';
import { openExternal } from '../data/app';

export function CommitmentsTable({ commitments, companyName }: { commitments: Commitment[]; companyName: string }) {
  return (
    <table className="commitments-table" aria-label={`Commitments of ${companyName}`}>
      <thead>
        <tr>
          <th scope="col">Commitment</th>
          <th scope="col">Target</th>
          <th scope="col">Year</th>
          <th scope="col">Status</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {commitments.map((c, i) => (
          <tr key={`${c.what}-${i}`}>
            <td>
              <bdi>{c.what}</bdi>
            </td>
            <td>{c.target ? <bdi>{c.target}</bdi> : '–'}</td>
            <td className="commitments-table__year">{c.year ?? '–'}</td>
            <td>{c.status ? <bdi className={`commitments-table__status commitments-table__status--${c.status}`}>{humanize(c.status)}</bdi> : '–'}</td>
            <td>
              {c.sourceUrl ? (
                <a
                  href={c.sourceUrl}
                  rel="noreferrer"
                  onClick={(e) => {
                    e.preventDefault();
                    openExternal(c.sourceUrl!);
                  }}
                >
                  <bdi>{c.source ?? 'Source'}</bdi>
                </a>
              ) : c.source ? (
                <bdi>{c.source}</bdi>
              ) : (
                '–'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
