// ESG screen: pick a company (typed or from the route), follow its news/commitments/scores, and
// see every watched session in the activity view.
import { useCallback, useEffect, type FormEvent, type KeyboardEvent } from 'react';
import type { WatchView } from '../../shared/bridge/groups/esg';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { useNavigation } from '../app/navigation';
import { useScreenState } from '../state/screen-store';
import { TextField } from '../ui/Field';
import { CompanyHeading } from './CompanyHeading';
import { EsgExportMenu } from '../esg-export/EsgExportMenu';
import { EsgActivity } from './EsgActivity';
import { useCompany, useModuleView, useWatches } from './esg-queries';
import { useStoredLatest } from './stored-queries';
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = draft.trim();
    if (id) update({ companyId: id, companyName: id === companyId ? knownName : undefined, autoModule: null });
  };

  return (
    <section className="esg-screen" aria-labelledby="esg-title">
      <h1 id="esg-title">ESG</h1>
      <form className="esg-screen__company" onSubmit={submit} aria-label="Choose a company">
        <TextField label="Company ID" className="esg-screen__id" value={draft} onChange={(e) => update({ draft: e.target.value })} maxLength={128} autoComplete="off" spellCheck={false} hint="The company_id from search or match." />
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          Open company
        </button>
      </form>
      <StoredCompanies
        hasCompany={!!companyId || (route.screen === 'esg' && !!route.companyId)}
        text={storedFind}
        onText={(t) => update({ storedFind: t })}
        onOpen={(id, name) => update({ companyId: id, companyName: name ?? undefined, draft: id, autoModule: null })} />
      {companyId ? (
        <ModuleTabs companyId={companyId} knownName={knownName} module={module} onSelect={setModule} autoModule={autoModule} />
      ) : (
        <p className="esg-screen__hint">Enter a company ID, pick a company with stored ESG, or open ESG from a company in search, match or a list.</p>
      )}
      <EsgActivity onOpen={(id, m, name) => navigate({ screen: 'esg', companyId: id, module: m, ...(name ? { companyName: name } : {}) })} />
    </section>
  );
}

function ModuleTabs({ companyId, knownName, module, onSelect, autoModule }: { companyId: string; knownName?: string; module: EsgModule; onSelect(m: EsgModule): void; autoModule: EsgModule | null }) {
  const company = useCompany(companyId, knownName);
  const name = knownName ?? company.data?.name ?? null;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = ESG_MODULES.indexOf(module);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = ESG_MODULES[(i + step + ESG_MODULES.length) % ESG_MODULES.length];
    onSelect(next);
    document.getElementById(`esg-tab-${next}`)?.focus();
  };
  return (
    <div className="esg-tabs">
      <CompanyHeading companyId={companyId} name={name} country={company.data?.country ?? null} loading={company.isFetching} />
      <EsgExportMenu source={{ kind: 'company', companyId, ...(name ? { companyName: name } : {}) }} label={name ?? companyId} />
      <div role="tablist" aria-label={`ESG modules of ${name ?? companyId}`} className="esg-tabs__list" onKeyDown={onKey}>
        {ESG_MODULES.map((m) => (
          <TabButton key={m} companyId={companyId} module={m} selected={m === module} onSelect={() => onSelect(m)} />
        ))}
      </div>
      <div role="tabpanel" id={`esg-panel-${module}`} aria-labelledby={`esg-tab-${module}`} className="esg-tabs__panel">
        <ModulePanel key={`${companyId}/${module}`} companyId={companyId} companyName={name ?? undefined} module={module} autoRequest={autoModule === module} />
      </div>
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
