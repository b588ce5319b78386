// Lists from a loaded snapshot: "Save N shown as list…" takes the rows the view shows (text filter
// and facet choices; main selects them with the view's own query, not ids the page happens to hold),
// and "Save all M as list…" is the separate, explicit choice of every loaded row. Without a text or
// facet choice the view is the whole snapshot, so only "Save all" is offered.
import type { SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { LIST_NAME_MAX } from '../../shared/lists/lists';
import { AddToList } from '../lists/AddToList';
import type { FacetChoices } from './FacetsPanel';
import { FACET_TITLE, facetLabel } from './facet-model';
import { formatCount, formatWhen } from '../ui/format';

export interface SnapshotToListProps {
  snapshot: SnapshotInfo;
  /** The view's text filter and facet choices (its sort does not change which rows). */
  text: string;
  choices: FacetChoices;
  /** Rows the view shows; null while a changed view is still being counted. */
  shown: number | null;
}

/** True when the text filter or a facet choice narrows the view. */
export function isNarrowed(text: string, choices: FacetChoices): boolean {
  return text.trim() !== '' || Object.values(choices).some((keys) => (keys?.length ?? 0) > 0);
}

/** "Search of 2 Jan 2026, 10:04: “Hamburg”, Legal form GmbH, SE", cut to a list name's length. */
export function viewListName(snapshot: SnapshotInfo, text: string, choices: FacetChoices): string {
  const base = `Search of ${formatWhen(snapshot.finishedAt ?? snapshot.startedAt)}`;
  const parts = [
    ...(text.trim() ? [`“${text.trim()}”`] : []),
    ...(Object.entries(choices) as [keyof typeof FACET_TITLE, Array<string | number>][])
      .filter(([, keys]) => keys?.length)
      .map(([facet, keys]) => `${FACET_TITLE[facet]} ${keys.map((k) => facetLabel(facet, k)).join(', ')}`),
  ];
  const name = parts.length ? `${base}: ${parts.join(', ')}` : base;
  return name.length > LIST_NAME_MAX ? `${name.slice(0, LIST_NAME_MAX - 1)}…` : name;
}

export function SnapshotToList({ snapshot, text, choices, shown }: SnapshotToListProps) {
  const narrowed = isNarrowed(text, choices);
  const view: SnapshotView = { ...(text.trim() ? { text: text.trim() } : {}), facets: choices };
  return (
    <div className="snapshot__to-list" role="group" aria-label="Save as list">
      {narrowed ? (
        <AddToList
          label={shown === null ? 'Save shown as list…' : `Save ${formatCount(shown)} shown as list…`}
          disabled={shown === null || shown === 0}
          suggestedName={viewListName(snapshot, text, choices)}
          source={() => ({ kind: 'snapshot', snapshotId: snapshot.id, view })}
        />
      ) : null}
      <AddToList
        label={`Save all ${formatCount(snapshot.rowCount)} as list…`}
        suggestedName={viewListName(snapshot, '', {})}
        source={() => ({ kind: 'snapshot', snapshotId: snapshot.id })}
      />
    </div>
  );
}
