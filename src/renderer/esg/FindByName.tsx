// "Find by name" on the ESG screen: the analyst types part of a name, Find asks the service once
// (`esg.findByName`, a few results), and picking a company fills the Company ID box and opens it.
// Nothing is searched while typing: each Find is one request the analyst asked for.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { EsgCompany } from '../../shared/bridge/groups/esg';
import { ErrorMessage } from '../ui/ErrorMessage';
import { TextField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { countryLabel } from '../ui/value-catalogue';
import { esgCalls } from '../data/esg';
import { formatCount } from '../ui/format';

const SHOWN = 8;
const MIN_CHARS = 2;

export interface FindByNameProps {
  /** What the Company ID box held when it was not an id (likely a name): searched at once. */
  initialText: string;
  onPick(company: EsgCompany): void;
  onClose(): void;
}

export function FindByName({ initialText, onPick, onClose }: FindByNameProps) {
  const [text, setText] = useState(initialText);
  // The text of the last Find; the query runs for it only.
  const [asked, setAsked] = useState(initialText.trim().length >= MIN_CHARS ? initialText.trim() : '');
  const [tooShort, setTooShort] = useState(false);
  const titleId = useId();
  const found = useQuery({
    queryKey: ['esg', 'findByName', asked],
    queryFn: () => esgCalls.findByName({ text: asked, limit: SHOWN }),
    enabled: asked.length >= MIN_CHARS,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const find = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    setTooShort(t.length < MIN_CHARS);
    if (t.length >= MIN_CHARS) setAsked(t);
  };

  return (
    <section className="esg-find" aria-labelledby={titleId}>
      <h2 id={titleId} className="esg-find__title">
        Find by name
      </h2>
      <form className="esg-find__form" role="search" aria-label="Find a company by name" onSubmit={find}>
        <TextField
          label="Company name"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTooShort(false);
          }}
          error={tooShort ? `Type at least ${MIN_CHARS} letters of the name.` : undefined}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
        <button type="submit" className="button button--primary">
          Find
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </form>
      {found.isFetching ? <Spinner label={`Finding companies named like “${asked}”…`} /> : null}
      {found.error ? <ErrorMessage error={found.error} title="Could not search by name" onRetry={() => void found.refetch()} /> : null}
      <div aria-live="polite">{found.data && !found.isFetching ? <Outcome asked={asked} count={found.data.count} shown={found.data.companies.length} /> : null}</div>
      {found.data && found.data.companies.length > 0 ? (
        <ul className="esg-find__list" aria-label={`Companies named like “${asked}”`}>
          {found.data.companies.map((c) => (
            <li key={c.companyId}>
              <button type="button" className="esg-stored__item" onClick={() => onPick(c)} title={c.companyId}>
                <span className="esg-stored__name">{c.name ?? 'Unnamed company'}</span>
                <span className="esg-stored__meta">
                  {c.country ? `${countryLabel(c.country)} · ` : ''}
                  <code>{c.companyId}</code>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Outcome({ asked, count, shown }: { asked: string; count: number; shown: number }) {
  if (count === 0) return <p className="esg-screen__hint">No company&apos;s name contains “{asked}”.</p>;
  const pick = 'Pick one to fill the Company ID and open it.';
  if (count > shown) return <p className="esg-screen__hint">{`${formatCount(count)} companies match “${asked}”; the first ${formatCount(shown)} are shown (type more of the name to narrow them). ${pick}`}</p>;
  return <p className="esg-screen__hint">{`${formatCount(count)} ${count === 1 ? 'company matches' : 'companies match'} “${asked}”. ${pick}`}</p>;
}
