// Match screen: find a company from what the analyst knows, one at a time or a whole CSV.
import { type KeyboardEvent } from 'react';
import type { MatchCandidate } from '../../shared/service/schemas';
import { useNavigation } from '../state/navigation';
import { useScreenState } from '../state/screen-store';
import type { MatchMode } from '../state/other-states';
import { BulkMatch } from './BulkMatch';
import { CompanyDetail } from './CompanyDetail';
import { SingleMatch } from './SingleMatch';
import './match.css';

type Mode = MatchMode;
const MODES: Record<Mode, string> = { single: 'One company', bulk: 'Bulk (CSV)' };

export function MatchScreen() {
  const { route } = useNavigation();
  const prefill = route.screen === 'match' ? route.prefill : undefined;
  // Held above the screen: leaving Match and coming back keeps the mode, inputs, results and open company.
  const [{ mode, open }, update] = useScreenState('match');
  const setMode = (m: Mode) => update({ mode: m });
  const setOpen = (o: { candidate: MatchCandidate; fromBulk: boolean } | null) => update({ open: o });

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
        {/* Both panels stay mounted (hidden when inactive) so switching keeps the form, results and job. */}
        <div className="match-screen__main">
          <div role="tabpanel" id="match-panel-single" aria-labelledby="match-tab-single" hidden={mode !== 'single'}>
            <SingleMatch prefill={prefill} onOpen={(c) => setOpen({ candidate: c, fromBulk: false })} />
          </div>
          <div role="tabpanel" id="match-panel-bulk" aria-labelledby="match-tab-bulk" hidden={mode !== 'bulk'}>
            <BulkMatch onOpen={(c) => setOpen({ candidate: c, fromBulk: true })} />
          </div>
        </div>
        {/* The panel belongs to the tab it was opened from: a single-match detail must not squeeze the bulk review. */}
        {open && open.fromBulk === (mode === 'bulk') ? (
          <CompanyDetail
            company={open.candidate.company}
            confidence={open.candidate.confidence}
            note={open.fromBulk ? 'Bulk results keep the main fields of the best match. Match this company on its own to see its full record.' : undefined}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </div>
    </section>
  );
}
