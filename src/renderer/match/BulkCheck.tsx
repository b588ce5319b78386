// What the check before a bulk run shows: the first rows as they were read (decoded: umlauts can be
// checked before the run), the rows the run will report as unreadable or formula-like, and the rows
// that repeat an earlier row (matched once, the answer reused).
import type { CsvInspectView, CsvIssueView, RepeatView } from '../../shared/bridge/groups/match';
import { formatCount } from '../ui/format';

const ISSUE_LABEL: Record<CsvIssueView['kind'], string> = {
  field_count: 'wrong number of fields',
  unclosed_quote: 'quote never closed',
  unreadable: 'unreadable',
  formula: 'would be computed as a formula',
};

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What the run will report before it starts: rows that cannot be read as they are, and formula-like cells. */
export function FileCheck({ inspect }: { inspect: CsvInspectView }) {
  const { counts, rows } = inspect;
  const bad = counts.fieldCount + counts.unclosedQuote + counts.unreadable;
  const scope = inspect.partial ? `the first ${formatCount(rows)} rows` : `all ${formatCount(rows)} rows`;
  if (bad === 0 && counts.formula === 0) {
    return (
      <p className="match-bulk-check match-bulk-check--ok" role="status">
        Checked {scope}: every row has {inspect.headers.length} fields and no cell would be computed as a formula by a spreadsheet.
      </p>
    );
  }
  return (
    <div className="match-bulk-check" role="status" aria-labelledby="match-bulk-check-title">
      <p id="match-bulk-check-title" className="match-bulk-check__title">
        Checked {scope}: {bad === 1
          ? '1 row cannot be read as it is (it stays in the results and the export as invalid, with its values)'
          : bad > 1
            ? `${formatCount(bad)} rows cannot be read as they are (they stay in the results and the export as invalid, with their values)`
            : 'all rows can be read'}
        {counts.formula > 0 ? `; ${plural(counts.formula, 'row', 'rows')} with a cell a spreadsheet would compute as a formula` : ''}.
      </p>
      <ul className="match-bulk-check__list" aria-label="Rows to check before the run">
        {inspect.issues.map((issue) => (
          <li key={`${issue.kind}-${issue.line}`}>
            <span className={`pill ${issue.kind === 'formula' ? '' : 'pill--error'}`}>{ISSUE_LABEL[issue.kind]}</span> {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function why(r: RepeatView, keyColumn: string | null): string {
  return r.reason === 'key' ? `same ${keyColumn ?? 'key'} “${r.value}”` : `same name and country: “${r.value}”`;
}

/** Rows that repeat an earlier row: flagged before the run, and in the export (match.duplicate_of). */
export function RepeatsCheck({ inspect, checking }: { inspect: CsvInspectView; checking: boolean }) {
  const { count, reused, items } = inspect.repeats;
  const by = inspect.keyColumn ? `the same ${inspect.keyColumn} or the same company name and country` : 'the same company name and country';
  if (count === 0) {
    return (
      <p className="match-bulk-check match-bulk-check--ok" role="status" aria-busy={checking}>
        No row repeats an earlier row ({by}).
      </p>
    );
  }
  const own = count - reused;
  return (
    <div className="match-bulk-check" role="status" aria-busy={checking} aria-label="Repeated rows">
      <p className="match-bulk-check__title">
        {plural(count, 'row repeats', 'rows repeat')} an earlier row: {items.map((r) => `line ${r.line} = line ${r.of}`).join(', ')}
        {count > items.length ? ` and ${formatCount(count - items.length)} more` : ''} ({by}).{' '}
        {reused > 0 ? `${plural(reused, 'repeat is', 'repeats are')} matched once with the earlier row (no second request). ` : ''}
        {own > 0 ? `${plural(own, 'repeat has', 'repeats have')} other details and ${own === 1 ? 'is' : 'are'} matched on ${own === 1 ? 'its' : 'their'} own. ` : ''}
        The export names the earlier line in match.duplicate_of.
      </p>
      <ul className="match-bulk-check__list" aria-label="Rows that repeat an earlier row">
        {items.map((r) => (
          <li key={r.line}>
            Line {r.line} = line {r.of} ({why(r, inspect.keyColumn)}){r.reused ? '' : ': other details, matched on its own'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The first rows as read: a file's cells decoded in the encoding shown above them. */
export function SamplePreview({ inspect }: { inspect: CsvInspectView }) {
  if (inspect.sample.length === 0) return <p className="muted">The file has a header line but no rows yet.</p>;
  return (
    <div className="table-wrap match-bulk-setup__sample">
      <table className="data-table" aria-label="First rows of the CSV">
        <thead>
          <tr>
            {inspect.headers.map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inspect.sample.map((row, i) => (
            <tr key={i}>
              {inspect.headers.map((h) => (
                <td key={h}>{row[h]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
