// A company's several field changes in one check read as one change (issue 38): "moved (street,
// postal code, city) and employee count changed", expanded on request. An address is one thing to
// an analyst, not four rows. Entered, left and ESG changes stay one row each.
import type { WatchChange } from '../../shared/watches/watches';
import { fieldInWords } from './watch-format';

/** What grouping needs of a change: the app's own (WatchChange) or a team server's (TeamChange). */
type Groupable = Pick<WatchChange, 'companyId' | 'companyName' | 'field'> & { kind: string };

export type InboxEntry<C extends Groupable = WatchChange> = { kind: 'one'; change: C } | { kind: 'fields'; companyId: string; companyName: string | null; changes: C[] };

/** The rows of one check, a company's field changes together where its first one was. */
export function groupCompanyFields<C extends Groupable>(rows: readonly C[]): Array<InboxEntry<C>> {
  const fields = new Map<string, C[]>();
  for (const r of rows) if (r.kind === 'field') fields.set(r.companyId, [...(fields.get(r.companyId) ?? []), r]);
  const out: Array<InboxEntry<C>> = [];
  const placed = new Set<string>();
  for (const r of rows) {
    const mine = r.kind === 'field' ? fields.get(r.companyId)! : null;
    if (!mine || mine.length < 2) {
      out.push({ kind: 'one', change: r });
      continue;
    }
    if (placed.has(r.companyId)) continue;
    placed.add(r.companyId);
    out.push({ kind: 'fields', companyId: r.companyId, companyName: r.companyName, changes: mine });
  }
  return out;
}

const isAddress = (field: string | null) => field !== null && (field === 'address' || field.startsWith('address.') || field === 'city');

/** "moved (street, postal code, city), employee count and revenue changed". */
export function groupSummary(changes: ReadonlyArray<Pick<WatchChange, 'field'>>): string {
  const address = changes.filter((c) => isAddress(c.field)).map((c) => fieldInWords(c.field!.replace(/^address\./, '')));
  const others = changes.filter((c) => !isAddress(c.field)).map((c) => fieldInWords(c.field ?? 'a field'));
  const list = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)!}`);
  const parts = [address.length ? `moved (${address.join(', ')})` : '', others.length ? `${list(others)} changed` : ''].filter(Boolean);
  return parts.join('; ');
}
