// The list view and the Lists screen as static markup over seeded query data: names lead (ids short
// with copy), numbers formatted, "—" for ESG columns until a run stores data, the sorted column
// marked for assistive tech, pages; lists with counts; the saved screen state round trip.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListInfo, ListMember, ListMembersPage } from '../../../src/shared/lists/lists';
import { ListView, LIST_PAGE_ROWS } from '../../../src/renderer/lists/ListView';
import { ListsScreen } from '../../../src/renderer/lists/ListsScreen';
import { SelectionToList } from '../../../src/renderer/lists/SelectionToList';
import { createScreenStore, initialScreenStates } from '../../../src/renderer/state/screen-states';
import { ScreenStateProvider } from '../../../src/renderer/state/screen-store';
import { initialListsState, type ListsScreenState } from '../../../src/renderer/state/lists-state';
import { restoreLists, toPersisted } from '../../../src/renderer/state/persisted-shapes';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ID1 = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
const ID2 = '00000000-0000-4000-8000-000000000002';

const list: ListInfo = { id: 4, profileId: 'sandbox', name: 'Energy watch', memberCount: 120, createdAt: 1, updatedAt: Date.UTC(2026, 0, 2), weighting: 'equal', benchmark: null };
const member = (m: Partial<ListMember>): ListMember => ({
  weight: null,
  companyId: ID1,
  name: 'Apex Energy GmbH',
  country: 'DE',
  countryName: 'Germany',
  industry: 'Electric power generation',
  employees: 12500,
  revenue: 2_450_000_000,
  addedAt: 1,
  record: null,
  esg: {},
  ...m,
});

function withData(ui: ReactElement, seed: (qc: QueryClient) => void, state?: Partial<ListsScreenState>) {
  const qc = new QueryClient();
  seed(qc);
  const store = createScreenStore({ ...initialScreenStates(), lists: { ...initialListsState(), ...state } });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <ScreenStateProvider store={store}>{ui}</ScreenStateProvider>
    </QueryClientProvider>,
  );
}

function renderView(rows: ListMember[], state: ListsScreenState, total = rows.length) {
  const view = { ...(state.sort ? { sort: state.sort } : {}), ...(state.text ? { text: state.text } : {}) };
  const page: ListMembersPage = { list, total, offset: state.page * LIST_PAGE_ROWS, rows };
  return withData(<ListView list={list} state={state} onState={() => {}} />, (qc) =>
    qc.setQueryData(['lists', 'members', list.id, view, state.page * LIST_PAGE_ROWS, LIST_PAGE_ROWS], page),
  );
}

describe('ListView', () => {
  it('shows companies by name with a short id and copy, formatted numbers, and — for ESG columns without data', () => {
    const html = renderView([member({}), member({ companyId: ID2, name: null, country: null, countryName: null, industry: null, employees: null, revenue: null })], initialListsState());
    const t = text(html);
    expect(html).toContain('<h2 id="list-view-title">Energy watch</h2>');
    expect(t).toContain('Apex Energy GmbH');
    expect(html).toContain(`title="${ID1}">2f1c6b1e…</code>`);
    expect(html).toContain('aria-label="Copy ID of Apex Energy GmbH"');
    expect(t).toMatch(/Germany Electric power generation 12,500 \$2\.5B — — — — — — — —/);
    expect(html).toContain('title="$2,450,000,000"');
    // Long industry names are cut in the cell; the whole name is in the tooltip.
    expect(html).toContain('class="list-view__clip" title="Electric power generation"');
    expect(t).toContain('Name unknown');
    expect(t).toContain('Rows 1–2 of 2');
    for (const h of ['Name', 'ID', 'Country', 'Industry', 'Employees', 'Revenue', 'ESG overall', 'Environmental', 'Social', 'Governance', 'News', 'Commitments', 'ESG refreshed', 'Change since previous refresh']) {
      expect(html).toMatch(new RegExp(`<th[^>]*>(<button[^>]*>)?${h}<`));
    }
    expect(html).toContain('aria-label="Select all companies on this page"');
  });

  it('fills the ESG columns from the summary: score with rating, counts, refresh time and signed change', () => {
    const esg = { overallScore: 61.46, overallRating: 'BB', environmentalScore: 70, socialScore: 48, governanceScore: 66, governanceRating: 'A', newsCount: 1234, commitmentsCount: 5, refreshedAt: Date.UTC(2026, 2, 4, 10, 0), overallChange: -2.5 };
    const t = text(renderView([member({ esg })], initialListsState()));
    expect(t).toMatch(/61\.5 · BB 70 48 66 · A 1,234 5 .*2026.* -2\.5/);
    expect(t).not.toMatch(/ — — /);
  });

  it('marks the sorted column and shows the page of the view', () => {
    const state: ListsScreenState = { openListId: 4, sort: { field: 'employees', direction: 'desc' }, text: 'apex', page: 1 };
    const html = renderView([member({})], state, 120);
    expect(html).toMatch(/<th scope="col" aria-sort="descending" class="num"><button[^>]*>Employees<span aria-hidden="true"> ▼<\/span>/);
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(text(html)).toContain('Page 2 of 3');
    expect(text(html)).toContain('Rows 51–100 of 120');
    expect(html).toContain('value="apex"');
  });
});

describe('ListsScreen', () => {
  it('lists the profile\'s lists by name with counts and opens the remembered one', () => {
    const other: ListInfo = { ...list, id: 5, name: 'Single', memberCount: 1 };
    const html = withData(
      <ListsScreen />,
      (qc) => {
        qc.setQueryData(['lists', 'all'], [list, other]);
        qc.setQueryData(['lists', 'members', 4, {}, 0, LIST_PAGE_ROWS], { list, total: 1, offset: 0, rows: [member({})] } satisfies ListMembersPage);
      },
      { openListId: 4 },
    );
    const t = text(html);
    expect(t).toContain('Energy watch 120 companies');
    expect(t).toContain('Single 1 company');
    expect(html).toMatch(/aria-current="true"[^>]*>Energy watch</);
    for (const a of ['Rename Energy watch', 'Duplicate Energy watch', 'Delete Energy watch']) expect(html).toContain(`aria-label="${a}"`);
    expect(html).toContain('<h2 id="list-view-title">Energy watch</h2>');
    expect(t).toContain('New list from pasted ids');
  });

  it('says how to make a list when there is none', () => {
    const html = withData(<ListsScreen />, (qc) => qc.setQueryData(['lists', 'all'], []));
    expect(text(html)).toContain('No lists yet. Select rows in the search results, save a loaded result set, or paste company ids below.');
  });
});

describe('grid selection to a list', () => {
  it('names the number of selected rows and is disabled without a selection', () => {
    const none = withData(<SelectionToList selected={[]} />, () => {});
    expect(none).toMatch(/<button type="button" class="button button--small" aria-expanded="false" disabled="">Add selected to a list…<\/button>/);
    const some = withData(<SelectionToList selected={[{ company_id: ID1 }, { company_id: ID2 }]} />, () => {});
    expect(some).toContain('>Add 2 selected to a list…</button>');
  });
});

describe('saved Lists screen state', () => {
  it('round-trips the open list and its view, and ignores a state that does not fit', () => {
    const all = { ...initialScreenStates(), lists: { openListId: 9, sort: { field: 'overallScore' as const, direction: 'desc' as const }, text: 'oil', page: 3 } };
    expect(restoreLists(JSON.parse(JSON.stringify(toPersisted('lists', all))))).toEqual(all.lists);
    expect(restoreLists({ v: 1, openListId: 'x', sort: null, text: '', page: 0 })).toBeNull();
    expect(restoreLists({ v: 1, openListId: 2, sort: { field: 'record_json', direction: 'asc' }, text: '', page: 0 })).toBeNull();
  });
});
