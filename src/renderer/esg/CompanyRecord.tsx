// The company's record beside its ESG (issue 38): name, country, industry, size and address as the
// service has them now, so a company opened from What changed stands alone. Opened from a change, the
// record is read at once and the change that led here is said above it; otherwise one click reads it
// (one search request, said on the button).
import { useState } from 'react';
import { useCompanyRecord } from '../data/esg';
import { cellFormat } from '../ui/grid/cell-format';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ServiceText } from '../ui/ServiceText';
import { countryShown } from '../ui/value-catalogue';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The record's lines: label and shown value, only those the record has. */
export function recordLines(r: Record<string, unknown>): Array<[string, string]> {
  const address = (r.address ?? null) as Record<string, unknown> | null;
  const place = address ? [text(address.street), [text(address.postal_code), text(address.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ') : text(r.city);
  const lines: Array<[string, string | null]> = [
    ['Country', text(r.country) || text(r.country_name) ? countryShown(text(r.country), text(r.country_name)) : null],
    ['Industry', text(r.industry_label) ? `${r.industry_label as string}${text(r.industry_code) ? ` (${r.industry_code as string})` : ''}` : text(r.industry_code)],
    ['Legal form', text(r.legal_form)],
    ['Employees', typeof r.employee_count === 'number' ? cellFormat.cell('employee_count', r.employee_count).full : null],
    ['Revenue', typeof r.revenue === 'number' ? cellFormat.cell('revenue', r.revenue).full : null],
    ['Founded', typeof r.founding_year === 'number' ? String(r.founding_year) : null],
    ['Address', place || null],
    ['Website', text(r.website) ?? text(r.website_domain)],
  ];
  return lines.filter((l): l is [string, string] => l[1] !== null);
}

export function CompanyRecord({ companyId, fromChange }: { companyId: string; fromChange?: string | undefined }) {
  const [asked, setAsked] = useState(false);
  const wanted = asked || fromChange !== undefined;
  const record = useCompanyRecord(wanted ? companyId : '');
  return (
    <section className="company-record" aria-label="Company record">
      {fromChange ? (
        <p className="company-record__from" data-testid="company-record-from">
          Opened from What changed: <ServiceText text={fromChange} />
        </p>
      ) : null}
      {!wanted ? (
        <button type="button" className="button button--small" onClick={() => setAsked(true)}>
          Show the company’s record (1 search request)
        </button>
      ) : record.isPending ? (
        <p>Reading the company’s record…</p>
      ) : record.isError ? (
        <ErrorMessage error={record.error} title="Could not read the company’s record" onRetry={() => void record.refetch()} />
      ) : record.data === null ? (
        <p data-testid="company-record-gone">The service no longer has this company: no record to show.</p>
      ) : (
        <dl className="company-record__lines" data-testid="company-record">
          {recordLines(record.data).map(([label, value]) => (
            <div key={label} className="company-record__line">
              <dt>{label}</dt>
              <dd>
                <ServiceText text={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
