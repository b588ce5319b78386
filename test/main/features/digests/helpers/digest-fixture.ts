// Digests as a team watch's checks produce them, for the render tests, the delivery tests and
// bench/digest-render.ts: 1,000 changes over a search watch and a list watch, of every kind.
import type { DigestInput, DigestItem } from '../../../../../src/main/features/digests/render';
import type { FoundChange } from '../../../../../src/main/features/watches/change-store';

export const SEARCH_WATCH = { id: '3f2c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c', name: 'DE manufacturing > 500', targetKind: 'search' as const };
export const LIST_WATCH = { id: '9b1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f', name: 'Portfolio A', targetKind: 'list' as const, scoreThreshold: 5 };
export const LINKS = { appBase: 'firmscope://', unsubscribeUrl: 'https://team.example.test/v1/digests/unsubscribe?token=tok_123' };

const company = (i: number) => ({ companyId: `c${String(i).padStart(5, '0')}`, companyName: `Company ${i} GmbH` });
const record = (i: number) => ({ name: `Company ${i} GmbH`, country: 'DE', address: { city: 'Berlin', street: 'Hauptstr. 1' }, employee_count: 500 + i, naics: ['3312'], description: 'x'.repeat(2000) });

/** The search watch's check: `entered` entries, `left` exits, `fields` field changes (two per company). */
export function searchChanges(entered: number, left: number, fields: number): FoundChange[] {
  const out: FoundChange[] = [];
  for (let i = 0; i < entered; i++) out.push({ kind: 'entered', ...company(i), field: null, module: null, oldValue: null, newValue: record(i), detail: null });
  for (let i = 0; i < left; i++) out.push({ kind: 'left', ...company(10_000 + i), field: null, module: null, oldValue: record(10_000 + i), newValue: null, detail: null });
  for (let i = 0; i < fields; i++) {
    const c = company(20_000 + Math.floor(i / 2));
    out.push(i % 2 ? { kind: 'field', ...c, field: 'address.city', module: null, oldValue: 'Berlin', newValue: 'München', detail: null } : { kind: 'field', ...c, field: 'employee_count', module: null, oldValue: 1200, newValue: 1350, detail: null });
  }
  return out;
}

/** The list watch's check: rating downgrades and upgrades, score moves, news. */
export function listChanges(down: number, up: number, scores: number, news: number): FoundChange[] {
  const out: FoundChange[] = [];
  const c = (i: number) => company(30_000 + i);
  for (let i = 0; i < down; i++) out.push({ kind: 'rating', ...c(i), field: 'rating', module: 'scores', oldValue: 'A', newValue: 'BBB', detail: 'downgrade' });
  for (let i = 0; i < up; i++) out.push({ kind: 'rating', ...c(1000 + i), field: 'rating', module: 'scores', oldValue: 'BB', newValue: 'BBB', detail: 'upgrade' });
  for (let i = 0; i < scores; i++) out.push({ kind: 'score', ...c(2000 + i), field: 'overall', module: 'scores', oldValue: 54.2, newValue: 66.4, detail: null });
  for (let i = 0; i < news; i++) out.push({ kind: 'news', ...c(3000 + i), field: null, module: 'news', oldValue: null, newValue: `Plant ${i} opens`, detail: null });
  return out;
}

/** 1,000 changes: 800 of the search watch (500 entered, 100 left, 200 fields of 100 companies), 200 of the list watch. */
export function thousandChanges(): DigestItem[] {
  return [
    { watch: SEARCH_WATCH, checkId: '101', checkedAt: '2026-11-28T09:00:00Z', changes: searchChanges(500, 100, 200) },
    { watch: LIST_WATCH, checkId: '202', checkedAt: '2026-11-28T09:05:00Z', changes: listChanges(50, 30, 40, 80) },
  ];
}

export function digestOf(items: DigestItem[], cadence: DigestInput['cadence'] = 'daily'): DigestInput {
  return { member: { name: 'Ada Analyst' }, cadence, items, links: LINKS };
}
