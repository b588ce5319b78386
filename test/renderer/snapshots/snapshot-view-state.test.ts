// The pure rules of a snapshot's view: a header click cycles ascending, descending, service order;
// a facet value toggles, and a facet left with no value is dropped (so the view equals a fresh one).
import { describe, expect, it } from 'vitest';
import { nextSort, toggleChoice } from '../../../src/renderer/snapshots/snapshot-view-state';

describe('nextSort', () => {
  it('sorts a new column ascending, then descending, then back to the service order', () => {
    const a = nextSort(null, 'revenue');
    expect(a).toEqual({ field: 'revenue', direction: 'asc' });
    const d = nextSort(a, 'revenue');
    expect(d).toEqual({ field: 'revenue', direction: 'desc' });
    expect(nextSort(d, 'revenue')).toBeNull();
  });
  it('another column starts ascending whatever the current direction', () => {
    expect(nextSort({ field: 'revenue', direction: 'desc' }, 'name')).toEqual({ field: 'name', direction: 'asc' });
  });
});

describe('toggleChoice', () => {
  it('adds a value, matching numbers and their text as one value', () => {
    expect(toggleChoice({}, 'country', 'DE')).toEqual({ country: ['DE'] });
    expect(toggleChoice({ founding_decade: [1990] }, 'founding_decade', '1990')).toEqual({});
  });
  it('removes a chosen value and drops the facet once it has none, keeping the others', () => {
    const c = { country: ['DE', 'AT'], legal_form: ['GmbH'] };
    expect(toggleChoice(c, 'country', 'AT')).toEqual({ country: ['DE'], legal_form: ['GmbH'] });
    expect(toggleChoice({ country: ['DE'], legal_form: ['GmbH'] }, 'legal_form', 'GmbH')).toEqual({ country: ['DE'] });
  });
});
