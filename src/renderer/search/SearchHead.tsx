// The Search screen's title row, with the button that folds the filter panel away (the count of
// conditions stays in view while it is folded).
export function SearchHead({ collapsed, conditionCount, onToggle }: { collapsed: boolean; conditionCount: number; onToggle(): void }) {
  return (
    <div className="search-head">
      <h1 id="search-title">Search companies</h1>
      <button type="button" className="button button--small" aria-expanded={!collapsed} aria-controls="search-filters" onClick={onToggle}>
        {collapsed ? `Show filters${conditionCount ? ` (${conditionCount} condition${conditionCount === 1 ? '' : 's'})` : ''}` : 'Hide filters'}
      </button>
    </div>
  );
}
