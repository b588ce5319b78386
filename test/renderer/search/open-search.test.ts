import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../../src/shared/bridge/groups/search';
import { openSearchPatch } from '../../../src/renderer/search/open-search';

const body = { filters: { and: [{ attribute: 'country', relation: 'in', value: ['AT', 'CH'] }] } };
const columns = { order: ['name', 'country'], hidden: ['city'], widths: { name: 240 } };
const saved = (extra: Partial<SavedSearch> = {}): SavedSearch => ({ id: 's1', profileId: 'sandbox', name: 'DACH', body, pageSize: 25, createdAt: 1, updatedAt: 1, ...extra });

describe('opening a saved or recent search', () => {
  it('restores conditions, page size and the saved columns', () => {
    const patch = openSearchPatch({ body, pageSize: 25, saved: saved({ columns }) });
    expect(patch.builder?.op).toBe('and');
    expect(patch.builder?.conditions.map((c) => [c.attribute, c.relation, c.items])).toEqual([['country', 'in', 'AT\nCH']]);
    expect(patch).toMatchObject({ editor: null, pageSizeText: '25', prefs: columns, activeSaved: { id: 's1' }, detail: null });
  });

  it('leaves the current columns for a search saved before columns were kept, and for a recent search', () => {
    expect('prefs' in openSearchPatch({ body, pageSize: 25, saved: saved() })).toBe(false);
    const recent = openSearchPatch({ body, pageSize: 10 });
    expect('prefs' in recent).toBe(false);
    expect(recent.activeSaved).toBeNull();
  });

  it('keeps a body the builder cannot show as JSON, with the reason', () => {
    const odd = { filters: { and: [] } };
    const patch = openSearchPatch({ body: odd, pageSize: 10 });
    expect(patch.builder).toBeUndefined();
    expect(JSON.parse(patch.editor!.text)).toEqual(odd);
    expect(patch.editor!.problem?.message).toBeTruthy();
  });
});
