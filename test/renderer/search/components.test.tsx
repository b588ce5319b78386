// Static markup checks of the search screen's pieces (no DOM needed) and the column-choice helpers.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors';
import { SearchErrors } from '../../../src/renderer/search/SearchErrors';
import { CompanyDetail, matchPrefill } from '../../../src/renderer/search/CompanyDetail';
import { Pager } from '../../../src/renderer/search/Pager';
import { GridRow } from '../../../src/renderer/ui/grid/GridRow';
import { collectColumns, flattenRecord } from '../../../src/shared/search/flatten';
import { emptyPrefs, moveColumn, orderedColumns, setHidden, setWidth, visibleColumns } from '../../../src/renderer/ui/grid/column-prefs';

const noop = () => {};

describe('SearchErrors', () => {
  it('shows the server message for a 400', () => {
    const html = renderToStaticMarkup(<SearchErrors error={new AppError('bad_request', 'unknown attribute "colour"')} onRetry={noop} placement="filters" />);
    expect(html).toContain('The service rejected this search');
    expect(html).toContain('unknown attribute &quot;colour&quot;');
    expect(html).not.toContain('Retry');
  });
  it('says the account lacks access for a 403', () => {
    const html = renderToStaticMarkup(<SearchErrors error={new AppError('forbidden', 'x')} onRetry={noop} placement="results" />);
    expect(html).toContain('This account lacks access to company search (HTTP 403)');
  });
  it('offers Retry for network loss and says the shown page is kept', () => {
    const html = renderToStaticMarkup(<SearchErrors error={new AppError('network', 'The service could not be reached.', { retryable: true })} onRetry={noop} placement="results" />);
    expect(html).toContain('The filters and the page shown are kept.');
    expect(html).toContain('>Retry</button>');
  });
});

describe('CompanyDetail', () => {
  const record = {
    company_id: 'id-1',
    name: 'Line\nBreak "Q"',
    address: { street: '1 Main', geo: { lat: 1 } },
    tags: [],
    website: 'https://x.example',
    employee_count: null,
  };
  it('renders every field, nested values readable, with copy and shortcuts', () => {
    const html = renderToStaticMarkup(<CompanyDetail record={record} onClose={noop} />);
    for (const text of ['company_id', 'address', 'street', '1 Main', 'geo', 'lat', '(empty list)', '>null<', 'Copy ID', 'Open ESG', '>Match<']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Line\nBreak &quot;Q&quot;');
  });
  it('labels fields from the catalogue (field name in the title) and formats numbers', () => {
    const html = renderToStaticMarkup(<CompanyDetail record={{ company_id: 'id-2', revenue: 870000, founding_year: 1896, employee_count: 12500 }} onClose={noop} />);
    const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(870000);
    expect(html).toContain('<dt title="revenue">Revenue (USD)</dt>');
    expect(html).toContain(`>${money}</span>`);
    expect(html).toContain('>1896</span>');
    expect(html).toContain(`>${new Intl.NumberFormat().format(12500)}</span>`);
  });
  it('prefills Match from plain text fields, nested address as fallback', () => {
    expect(matchPrefill({ company_id: 'x', name: 'A', website_domain: 'a.io', address: { city: 'Oslo', country: 'NO' } })).toEqual({
      name: 'A',
      website: 'a.io',
      country: 'NO',
      city: 'Oslo',
    });
  });
});

describe('GridRow', () => {
  const row = (record: Record<string, unknown>, columns: string[]) =>
    renderToStaticMarkup(
      <GridRow index={0} rowNumber={1} top={0} height={32} width={600} record={record} columns={columns} widths={columns.map(() => 120)}
        selected={false} tabColumn={1} active onToggle={noop} onFocusCell={noop} onOpen={noop} />,
    );
  it('cuts very long text on screen but keeps the whole value in the title', () => {
    const long = 'x'.repeat(5000);
    const html = row({ note: long }, ['note']);
    expect(html).toContain(`title="${long}"`);
    expect(html).toContain(`>${'x'.repeat(300)}…</div>`);
  });
  it('marks a missing field and shows a list as chips', () => {
    const html = row({ a: 'short', 'b.c': ['x', 'y'] }, ['a', 'b.c', 'gone']);
    expect(html).toContain('>short</div>');
    expect(html).toContain('<span class="grid__chip">x</span><span class="grid__chip">y</span>');
    expect(html).toMatch(/grid__cell--missing[^>]*aria-colindex|aria-colindex="4"[^>]*grid__cell--missing/);
  });
  it('shows a leaf under a null parent as empty, not as missing (address: null among addresses)', () => {
    const columns = collectColumns([{ address: { city: 'Paris' } }, { address: null }]);
    expect(columns).toEqual(['address.city']);
    const empty = row(flattenRecord({ address: null }), columns);
    expect(empty).not.toContain('grid__cell--missing');
    expect(row(flattenRecord({ address: { city: 'Paris' } }), columns)).toContain('>Paris</div>');
  });
});

describe('Pager', () => {
  const view = { sessionId: 's', pageNumber: 4, pageSize: 10, count: 35, firstRow: 31, rows: Array.from({ length: 5 }, (_, i) => ({ company_id: String(i) })), hasNext: false, hasPrevious: true };
  it('shows the page of the total, the row range and disables Next at the end', () => {
    const html = renderToStaticMarkup(<Pager view={view} inFlight={null} onFirst={noop} onNext={noop} onPrevious={noop} onCancel={noop} />);
    expect(html).toContain('Page 4 of 4');
    expect(html).not.toContain('>Last<');
    expect(html).toMatch(/<button[^>]*title="Next page \(Alt\+Right, or J in the grid\)"[^>]*>Next<\/button>/);
    expect(html).toContain('Rows 31–35 of 35');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Next<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Previous<\/button>/);
  });
  it('offers Cancel while a page is in flight', () => {
    const html = renderToStaticMarkup(
      <Pager view={view} inFlight={{ requestId: 'r', action: { kind: 'page', direction: 'previous' } }} onFirst={noop} onNext={noop} onPrevious={noop} onCancel={noop} />,
    );
    expect(html).toContain('>Cancel</button>');
  });
});

describe('column choices', () => {
  const cols = ['company_id', 'name', 'address.city', 'tags'];
  it('keeps remembered order, appends new columns, hides and sizes', () => {
    let p = { ...emptyPrefs(), order: ['name', 'gone', 'company_id'] };
    expect(orderedColumns(cols, p)).toEqual(['name', 'company_id', 'address.city', 'tags']);
    p = moveColumn(cols, p, 'tags', -1);
    expect(orderedColumns(cols, p)).toEqual(['name', 'company_id', 'tags', 'address.city']);
    p = setHidden(p, 'company_id', true);
    expect(visibleColumns(cols, p)).toEqual(['name', 'tags', 'address.city']);
    expect(setWidth(p, 'name', 5).widths.name).toBe(60);
    expect(setWidth(p, 'name', 99999).widths.name).toBe(1200);
  });
});
