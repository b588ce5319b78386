// Match screen: find a company from what the analyst knows, one at a time or a whole CSV.
import { useState, type KeyboardEvent } from 'react';
import type { MatchCandidate } from '../../shared/service/schemas';
import { useNavigation } from '../app/navigation';
import { BulkMatch } from './BulkMatch';
import { CompanyDetail } from './CompanyDetail';
import { SingleMatch } from './SingleMatch';
import './match.css';

type Mode = 'single' | 'bulk';
const MODES: Record<Mode, string> = { single: 'One company', bulk: 'Bulk (CSV)' };

export function MatchScreen() {
  const { route } = useNavigation();
  const prefill = route.screen === 'match' ? route.prefill : undefined;
  const [mode, setMode] = useState<Mode>('single');
  const [open, setOpen] = useState<MatchCandidate | null>(null);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next: Mode = mode === 'single' ? 'bulk' : 'single';
    setMode(next);
    document.getElementById(`match-tab-${next}`)?.focus();
  };

  return (
    <section className="match-screen" aria-labelledby="match-title">
      <h1 id="match-title">Match</h1>
      <div role="tablist" aria-label="Match mode" className="match-tabs" onKeyDown={onKey}>
        {(Object.keys(MODES) as Mode[]).map((m) => (
          <button
            key={m}
            id={`match-tab-${m}`}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={`match-panel-${m}`}
            tabIndex={mode === m ? 0 : -1}
            className="match-tabs__tab"
            onClick={() => setMode(m)}
          >
            {MODES[m]}
          </button>
        ))}
      </div>
      <div className="match-screen__body">
        <div role="tabpanel" id={`match-panel-${mode}`} aria-labelledby={`match-tab-${mode}`} className="match-screen__main">
          {mode === 'single' ? <SingleMatch prefill={prefill} onOpen={setOpen} /> : <BulkMatch onOpen={setOpen} />}
        </div>
        {open ? <CompanyDetail company={open.company} confidence={open.confidence} onClose={() => setOpen(null)} /> : null}
      </div>
    </section>
  );
}
