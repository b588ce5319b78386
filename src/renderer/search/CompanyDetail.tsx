// Every field of one company record, nested values readable, with copy-id, ESG and Match shortcuts.
import { useEffect, useRef, useState } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import { useNavigation } from '../state/navigation';
import { fieldLabel } from '../../shared/service/catalogue';
import { cellFormat } from '../ui/grid/cell-format';

export interface CompanyDetailProps {
  record: CompanyRecord;
  onClose(): void;
  /** The loaded snapshot the record was opened from: its ESG view ranks the company there. */
  fromSnapshotId?: number;
}

/** What Match needs, taken from the record where it holds plain text (nested address as fallback). */
export function matchPrefill(record: CompanyRecord): Record<string, string> {
  const pick = (...vals: unknown[]) => vals.find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const address = (record.address && typeof record.address === 'object' ? record.address : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  const entries: Array<[string, string | undefined]> = [
    ['name', pick(record.name)],
    ['website', pick(record.website, record.website_domain)],
    ['country', pick(record.country, address.country)],
    ['city', pick(record.city, address.city)],
  ];
  for (const [k, v] of entries) if (v !== undefined) out[k] = v;
  return out;
}

export function CompanyDetail({ record, onClose, fromSnapshotId }: CompanyDetailProps) {
  const { navigate } = useNavigation();
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = typeof record.name === 'string' && record.name.trim() ? record.name : record.company_id;

  useEffect(() => headingRef.current?.focus(), [record]);

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(record.company_id);
      setStatus('Company ID copied.');
    } catch {
      setStatus('Copying was refused by the system clipboard.');
    }
  };

  return (
    <aside
      className="company-detail"
      aria-labelledby="company-detail-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="company-detail__head">
        <h2 id="company-detail-title" ref={headingRef} tabIndex={-1} className="company-detail__title">
          {title}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose} aria-label="Close company details">
          Close
        </button>
      </div>
      <p className="company-detail__id">
        <code>{record.company_id}</code>{' '}
        <button type="button" className="button button--small" onClick={() => void copyId()}>
          Copy ID
        </button>
        <span role="status" className="company-detail__status">
          {status}
        </span>
      </p>
      <div className="company-detail__actions">
        <button type="button" className="button button--primary" onClick={() => navigate({ screen: 'esg', companyId: record.company_id, ...(typeof record.name === 'string' && record.name.trim() ? { companyName: record.name } : {}), ...(fromSnapshotId ? { fromSnapshotId } : {}) })}>
          Open ESG
        </button>
        <button type="button" className="button" onClick={() => navigate({ screen: 'match', prefill: matchPrefill(record) })}>
          Match
        </button>
      </div>
      <FieldList value={record} />
    </aside>
  );
}

/** Fields under their catalogue labels (the field name in the title); `path` is the parent's dotted path. */
function FieldList({ value, path = '' }: { value: Record<string, unknown>; path?: string }) {
  const keys = Object.keys(value);
  if (keys.length === 0) return <span className="company-detail__empty">(empty)</span>;
  return (
    <dl className="company-detail__fields">
      {keys.map((k) => {
        const field = path ? `${path}.${k}` : k;
        const label = path ? fieldLabel(field).split(' › ').pop()! : fieldLabel(field);
        return (
          <div key={k} className="company-detail__field">
            <dt title={field}>{label}</dt>
            <dd>
              <Value value={value[k]} path={field} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Value({ value, path }: { value: unknown; path: string }) {
  if (value === null) return <span className="company-detail__null">null</span>;
  if (value === undefined) return <span className="company-detail__null">—</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="company-detail__empty">(empty list)</span>;
    return (
      <ol className="company-detail__array">
        {value.map((v, i) => (
          <li key={i}>
            <Value value={v} path={path} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') return <FieldList value={value as Record<string, unknown>} path={path} />;
  if (typeof value === 'string') return <span className="company-detail__text">{value}</span>;
  // Numbers in the analyst's locale (money exact, years ungrouped); the raw value in the title.
  return <span title={String(value)}>{cellFormat.cell(path, value).full}</span>;
}
