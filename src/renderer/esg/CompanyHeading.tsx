// The company the ESG screen is about, by name; the id is secondary, with a copy button. The
// window title follows, so the OS task switcher names the company too.
import { useEffect, useState } from 'react';
import { oneLineText } from '../../shared/service-text';
import { ServiceText } from '../ui/ServiceText';
import { countryLabel } from '../ui/value-catalogue';

export function CompanyHeading({ companyId, name, country, loading }: { companyId: string; name: string | null; country: string | null; loading: boolean }) {
  const [copied, setCopied] = useState('');
  useEffect(() => {
    const before = document.title;
    // The OS shows the window title with no <bdi>: one clean line.
    document.title = `${oneLineText(name ?? companyId, 120)} · ESG · Firmscope`;
    return () => {
      document.title = before;
    };
  }, [name, companyId]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(companyId);
      setCopied('Company ID copied.');
    } catch {
      setCopied('Copying was refused by the system clipboard.');
    }
  };
  return (
    <div className="company-heading">
      <h2 className="company-heading__name" data-testid="esg-company-name">
        {name !== null ? <ServiceText text={name} /> : loading ? 'Looking up the company…' : 'Company not found by search'}
        {country ? (
          <span className="company-heading__country" title={country}>
            {' '}
            · {countryLabel(country)}
          </span>
        ) : null}
      </h2>
      <p className="company-heading__id">
        ID <code>{companyId}</code>{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => void copy()} aria-label={`Copy ID of ${oneLineText(name ?? companyId)}`}>
          Copy ID
        </button>
        <span role="status" className="company-heading__copied">
          {copied}
        </span>
      </p>
    </div>
  );
}
