// The ESG screen's way in by name: companies whose ESG is stored in the workspace (from a request
// here or an ESG run), newest first, narrowed as the analyst types. Open by default while no
// company is open; folded away (one line) once one is.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { RunUpdate, StoredEsgCompany } from '../../shared/esg-runs/schemas';
import { useBridgeEvent } from '../data/useBridgeEvent';
import { TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ServiceText } from '../ui/ServiceText';
import { formatDate } from '../ui/esg-format';
import { esgRunsCalls } from '../data/esg-runs';
import { formatCount, formatNumber } from '../ui/format';

const SHOWN = 50;

export interface StoredCompaniesProps {
  hasCompany: boolean;
  /** The find text, held in the screen state (kept across navigation). */
  text: string;
  onText(text: string): void;
  onOpen(companyId: string, name: string | null): void;
}

export function StoredCompanies({ hasCompany, text, onText, onOpen }: StoredCompaniesProps) {
  const [open, setOpen] = useState(!hasCompany);
  const query = useDeferredValue(text.trim());
  const qc = useQueryClient();
  // A company completed by a run appears without reopening the screen.
  useBridgeEvent('esgRuns', 'esgRunUpdate', (u: RunUpdate) => {
    if (u.tasks.some((t) => t.state === 'complete')) void qc.invalidateQueries({ queryKey: ['esgRuns', 'storedCompanies'] });
  });
  const found = useQuery({
    queryKey: ['esgRuns', 'storedCompanies', query],
    queryFn: () => esgRunsCalls.storedCompanies({ text: query, limit: SHOWN }),
    enabled: open,
    staleTime: 5_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const rows = found.data ?? [];
  return (
    <details className="esg-stored" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Companies with stored ESG</summary>
      {/* Nothing stored at all: nothing to find. */}
      {text || rows.length > 0 ? (
        <TextField label="Find by name or ID" value={text} onChange={(e) => onText(e.target.value)} maxLength={200} autoComplete="off" spellCheck={false} className="esg-stored__find" />
      ) : null}
      {found.error ? <ErrorMessage error={found.error} /> : null}
      {found.isSuccess && rows.length === 0 ? (
        <p className="esg-screen__hint">{query ? `No company with stored ESG matches “${query}”.` : 'None yet. ESG you request here or refresh for a list is kept in the workspace and listed here.'}</p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="esg-stored__list" aria-label="Companies with stored ESG">
          {rows.map((c) => (
            <li key={c.companyId}>
              <button type="button" className="esg-stored__item" onClick={() => onOpen(c.companyId, c.name)} title={c.companyId}>
                <span className="esg-stored__name">{c.name !== null ? <ServiceText text={c.name} /> : `Unnamed company ${c.companyId.slice(0, 8)}…`}</span>
                <span className="esg-stored__meta">{describe(c)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length === SHOWN ? <p className="esg-screen__hint">The {SHOWN} most recently refreshed are shown; type to find others.</p> : null}
    </details>
  );
}

function describe(c: StoredEsgCompany): string {
  const parts: string[] = [];
  if (c.rating) parts.push(`Rating ${c.rating}`);
  if (c.overall !== null) parts.push(`overall ${formatNumber(c.overall, 1)}`);
  if (c.newsCount !== null) parts.push(`${formatCount(c.newsCount)} news`);
  if (c.commitmentsCount !== null) parts.push(`${formatCount(c.commitmentsCount)} commitments`);
  if (c.lastRefreshed !== null) parts.push(`refreshed ${formatDate(new Date(c.lastRefreshed))}`);
  return parts.join(' · ');
}
