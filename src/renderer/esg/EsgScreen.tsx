// ESG screen: pick a company (typed or from the route), follow its news/commitments/scores, and
// see every watched session in the activity view.
import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { EsgCompany, WatchView } from '../../shared/bridge/groups/esg';
import { companyIdProblem, isCompanyId } from '../../shared/company-id';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { useNavigation } from '../state/navigation';
import { useScreenState } from '../state/screen-store';
import { TextField } from '../ui/Field';
import { PeerBenchmark } from '../analytics/PeerBenchmark';
import { CompanyHeading } from './CompanyHeading';
import { CompanyRecord } from './CompanyRecord';
import { EsgExportMenu } from '../esg-export/EsgExportMenu';
import { EsgActivity } from './EsgActivity';
import { FindByName } from './FindByName';
import { useCompany, useModuleView, useWatches } from '../data/esg';
import { useStoredLatest } from '../data/esg-stored';
import { ModulePanel } from './ModulePanel';
import { StoredCompanies } from './StoredCompanies';
import './esg.css';

export function EsgScreen() {
  const { route, navigate } = useNavigation();
  // Held above the screen: leaving ESG and coming back keeps the company and module.
  const [{ companyId, companyName: knownName, draft, module, autoModule, storedFind }, update] = useScreenState('esg');
  const setModule = useCallback((m: EsgModule) => update({ module: m }), [update]);

  // A route naming a company (Search's "Open ESG", the activity view's "Open") opens it, once per navigation.
  useEffect(() => {
    if (route.screen !== 'esg' || !route.companyId) return;
    update({ companyId: route.companyId, companyName: route.companyName, draft: route.companyId, ...(route.module ? { module: route.module, autoModule: route.module } : {}) });
  }, [route, update]);

  // The id box is checked as typed: a name is said at once, a short id once the analyst leaves the box.
  const [leftBox, setLeftBox] = useState(false);
  const [finding, setFinding] = useState(false);
  const typed = draft.trim();
  const idProblem = companyIdProblem(draft, leftBox);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isCompanyId(typed)) update({ companyId: typed, companyName: typed === companyId ? knownName : undefined, autoModule: null });
  };
  // A company picked by name fills the box and opens at once, under the name it was found by.
  const pick = (c: EsgCompany) => {
    update({ companyId: c.companyId, companyName: c.name ?? undefined, draft: c.companyId, autoModule: null });
    setFinding(false);
    setLeftBox(false);
  };
  // Only an id opens modules: a state saved before ids were checked may hold a name.
  const openId = isCompanyId(companyId) ? companyId : '';

  return (
    <section className="esg-screen" aria-labelledby="esg-title">
      <h1 id="esg-title">ESG</h1>
      <form className="esg-screen__company" onSubmit={submit} aria-label="Choose a company">
        <TextField
          label="Company ID"
          className="esg-screen__id"
          value={draft}
          onChange={(e) => {
            update({ draft: e.target.value });
            setLeftBox(false);
          }}
          onBlur={() => setLeftBox(true)}
          error={idProblem ?? undefined}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          hint="The company_id (a UUID) from search, match or a list."
        />
        <button type="submit" className="button button--primary" disabled={!isCompanyId(typed)}>
          Open company
        </button>
        <button type="button" className="button" aria-expanded={finding} onClick={() => setFinding((f) => !f)}>
          Find by name
        </button>
      </form>
      {/* Opened with something else than an id in the box (likely a name), that is searched at once: the analyst asked by clicking. */}
      {finding ? <FindByName initialText={isCompanyId(typed) ? '' : typed} onPick={pick} onClose={() => setFinding(false)} /> : null}
      <StoredCompanies
        hasCompany={!!openId || (route.screen === 'esg' && !!route.companyId)}
        text={storedFind}
        onText={(t) => update({ storedFind: t })}
        onOpen={(id, name) => update({ companyId: id, companyName: name ?? undefined, draft: id, autoModule: null })} />
      {openId ? (
        <ModuleTabs companyId={openId} knownName={knownName} module={module} onSelect={setModule} autoModule={autoModule} fromListId={route.screen === 'esg' && route.companyId === openId ? route.fromListId : undefined} fromSnapshotId={route.screen === 'esg' && route.companyId === openId ? route.fromSnapshotId : undefined} fromChange={route.screen === 'esg' && route.companyId === openId ? route.fromChange : undefined} />
      ) : (
        <p className="esg-screen__hint">Enter a company ID, find a company by name, pick a company with stored ESG, or open ESG from a company in search, match or a list.</p>
      )}
      <EsgActivity onOpen={(id, m, name) => navigate({ screen: 'esg', companyId: id, module: m, ...(name ? { companyName: name } : {}) })} />
    </section>
  );
}

function ModuleTabs({ companyId, knownName, module, onSelect, autoModule, fromListId, fromSnapshotId, fromChange }: { companyId: string; knownName?: string; module: EsgModule; onSelect(m: EsgModule): void; autoModule: EsgModule | null; fromListId?: number; fromSnapshotId?: number; fromChange?: string | undefined }) {
  const company = useCompany(companyId, knownName);
  const name = knownName ?? company.data?.name ?? null;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = ESG_MODULES.indexOf(module);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = ESG_MODULES[(i + step + ESG_MODULES.length) % ESG_MODULES.length];
    if (!next) return;
    onSelect(next);
    document.getElementById(`esg-tab-${next}`)?.focus();
  };
  return (
    <div className="esg-tabs">
      <CompanyHeading companyId={companyId} name={name} country={company.data?.country ?? null} loading={company.isFetching} />
      <CompanyRecord key={companyId} companyId={companyId} fromChange={fromChange} />
      <EsgExportMenu source={{ kind: 'company', companyId, ...(name ? { companyName: name } : {}) }} label={name ?? companyId} />
      <div role="tablist" aria-label={`ESG modules of ${name ?? companyId}`} className="esg-tabs__list" onKeyDown={onKey}>
        {ESG_MODULES.map((m) => (
          <TabButton key={m} companyId={companyId} module={m} selected={m === module} onSelect={() => onSelect(m)} />
        ))}
      </div>
      <div role="tabpanel" id={`esg-panel-${module}`} aria-labelledby={`esg-tab-${module}`} className="esg-tabs__panel">
        <ModulePanel key={`${companyId}/${module}`} companyId={companyId} companyName={name ?? undefined} module={module} autoRequest={autoModule === module} />
      </div>
      <PeerBenchmark companyId={companyId} listId={fromListId} snapshotId={fromSnapshotId} country={company.data?.country ?? undefined} />
    </div>
  );
}

/** Tab label with the module's state, read from the cache (never requests by itself). */
function TabButton({ companyId, module, selected, onSelect }: { companyId: string; module: EsgModule; selected: boolean; onSelect(): void }) {
  const view = useModuleView(companyId, module, false).data;
  const watches = useWatches().data;
  const watch: WatchView | undefined = view?.sessionId ? watches?.find((w) => w.sessionId === view.sessionId) : undefined;
  const stored = useStoredLatest(companyId).data?.modules[module].latest;
  const state = !view ? (stored ? `stored, ${stored.itemCount}` : 'not requested') : view.status === 'processing' ? (watch ? `processing, ${watch.resultCount}` : 'processing') : view.status === 'complete' ? `complete, ${view.count}` : 'not found';
  return (
    <button
      type="button"
      role="tab"
      id={`esg-tab-${module}`}
      aria-selected={selected}
      aria-controls={`esg-panel-${module}`}
      tabIndex={selected ? 0 : -1}
      className={`esg-tabs__tab${selected ? ' esg-tabs__tab--selected' : ''}`}
      onClick={onSelect}
    >
      {MODULE_LABELS[module]} <span className="esg-tabs__state">({state})</span>
    </button>
  );
}
