// Read-only detail of a matched company, with the way on to its ESG data.
import { useEffect, useRef } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import { cellText, flattenRecord } from '../../shared/search/flatten';
import { useNavigation } from '../state/navigation';
import { ServiceText } from '../ui/ServiceText';
import { companyLabel, fieldLabel, formatConfidence } from './match-format';

export interface CompanyDetailProps {
  company: CompanyRecord;
  confidence?: number;
  /** Shown under the heading, e.g. that a bulk row keeps only the main fields. */
  note?: string;
  onClose(): void;
}

export function CompanyDetail({ company, confidence, note, onClose }: CompanyDetailProps) {
  const { navigate } = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the panel so keyboard and screen-reader users land on what they opened.
  useEffect(() => heading.current?.focus(), [company.company_id]);
  const fields = Object.entries(flattenRecord(company));
  const named = typeof company.name === 'string' && company.name.trim() ? { companyName: company.name } : {};
  return (
    <section className="match-detail" aria-labelledby="match-detail-title">
      <div className="match-detail__head">
        <h2 id="match-detail-title" tabIndex={-1} ref={heading}>
          {companyLabel(company)}
        </h2>
        <button type="button" className="button button--ghost" onClick={onClose} aria-label="Close company details">
          Close
        </button>
      </div>
      {confidence !== undefined ? <p className="match-detail__confidence">Match confidence {formatConfidence(confidence)}</p> : null}
      {note ? <p className="match-detail__note">{note}</p> : null}
      <div className="action-bar">
        <button type="button" className="button button--primary" onClick={() => navigate({ screen: 'esg', companyId: company.company_id, ...named, module: 'news' })}>
          Open ESG news
        </button>
        <button type="button" className="button" onClick={() => navigate({ screen: 'esg', companyId: company.company_id, ...named })}>
          Open in ESG
        </button>
      </div>
      <dl className="match-detail__fields">
        {fields.map(([k, v]) => (
          <div key={k} className="match-detail__field">
            <dt title={k}>{fieldLabel(k)}</dt>
            <dd>{cellText(v) ? <ServiceText text={cellText(v)} /> : <span className="muted">(empty)</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
