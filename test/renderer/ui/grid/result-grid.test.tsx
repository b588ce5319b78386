// @vitest-environment jsdom
// The grid in a DOM: labelled headers with the field name in the title, name first, the short id
// with its copy button, and keyboard paging (Alt+arrows, J/K in the grid) that keeps the focus in it.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../../../src/shared/service/schemas';
import { emptyPrefs } from '../../../../src/renderer/ui/grid/column-prefs';
import { pagingKeyHandler } from '../../../../src/renderer/ui/grid/paging-keys';
import { ResultGrid } from '../../../../src/renderer/ui/grid/ResultGrid';

const id = (n: number) => `${String(n).padStart(8, '0')}-8d4a-4c1e-9a0b-3e5d7f9a1b2c`;
const record = (n: number): CompanyRecord => ({ company_id: id(n), name: `Company ${n}`, revenue: 986_608_000 + n, founding_year: 1987, tags: ['b2b', 'fintech'] });
const pageOf = (p: number) => Array.from({ length: 5 }, (_, i) => record(p * 5 + i + 1));
const columns = ['company_id', 'name', 'revenue', 'founding_year', 'tags'];

/** Service-page-like harness: the results region pages with the shared key handler. */
function Paged({ onPage }: { onPage?(p: number): void }) {
  const [page, setPage] = useState(0);
  const go = (d: 'next' | 'previous') => {
    const next = Math.max(0, Math.min(3, page + (d === 'next' ? 1 : -1)));
    setPage(next);
    onPage?.(next);
  };
  return (
    <div role="region" aria-label="Results" onKeyDown={pagingKeyHandler(go)}>
      <button type="button">Outside the grid</button>
      <input aria-label="Typing field" />
      <ResultGrid rows={pageOf(page)} firstRow={page * 5 + 1} available={columns} prefs={emptyPrefs()} onPrefsChange={() => {}} onOpen={() => {}} />
    </div>
  );
}

beforeEach(() => {
  // jsdom lays nothing out: give the scroller a size so the virtualisers mount rows and columns.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const firstNameCell = () => screen.getAllByRole('row')[1]!.querySelectorAll<HTMLElement>('[role="gridcell"]')[1]!;

describe('ResultGrid headers and cells', () => {
  it('labels headers from the catalogue, keeps the field name in the title, and shows the name first', () => {
    render(<Paged />);
    const headers = screen.getAllByRole('columnheader').slice(1);
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Company ID', 'Revenue (USD)', 'Founded', 'Tags']);
    expect(headers.map((h) => h.getAttribute('title')?.split('.')[0])).toEqual(['name', 'company_id', 'revenue', 'founding_year', 'tags']);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('gridcell');
    expect(cells[1]!.textContent).toBe('Company 1');
    expect(cells[2]!.textContent).toBe('00000001…Copy');
    expect(cells[2]!.getAttribute('title')).toBe(id(1));
    expect(cells[3]!.textContent).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(986_608_001));
    expect(cells[4]!.textContent).toBe('1987');
    expect([...cells[5]!.querySelectorAll('.grid__chip')].map((c) => c.textContent)).toEqual(['b2b', 'fintech']);
    expect(screen.getByRole('grid').textContent).not.toContain('[object Object]');
  });

  it('copies the whole company id with the labelled button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Paged />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy company ID of row 2' })));
    expect(writeText).toHaveBeenCalledWith(id(2));
    expect(screen.getByRole('status').textContent).toBe(`Copied company ID ${id(2)}.`);
  });
});

describe('keyboard paging', () => {
  it('J / K in the grid and Alt+Right / Alt+Left page, and the focus stays on the grid', () => {
    const pages: number[] = [];
    render(<Paged onPage={(p) => pages.push(p)} />);
    // A cell further down: after paging the focus moves to the first row of the new page.
    const cell = screen.getAllByRole('row')[4]!.querySelectorAll<HTMLElement>('[role="gridcell"]')[1]!;
    act(() => cell.focus());
    expect(cell.getAttribute('data-cell')).toBe('3:1');
    fireEvent.keyDown(cell, { key: 'j' });
    expect(pages).toEqual([1]);
    expect(firstNameCell().textContent).toBe('Company 6');
    expect(document.activeElement?.closest('[role="grid"]')).not.toBeNull();
    expect(document.activeElement?.getAttribute('data-cell')).toBe('0:1');

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', altKey: true });
    expect(pages).toEqual([1, 2]);
    expect(firstNameCell().textContent).toBe('Company 11');
    // Alt+Right pages; it does not also move the focus a column to the right.
    expect(document.activeElement?.getAttribute('data-cell')).toBe('0:1');

    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft', altKey: true });
    expect(pages).toEqual([1, 2, 1, 0]);
    expect(firstNameCell().textContent).toBe('Company 1');
    expect(document.activeElement?.closest('[role="grid"]')).not.toBeNull();
  });

  it('Alt+Right pages from anywhere on the results, J only in the grid and never while typing', () => {
    const pages: number[] = [];
    render(<Paged onPage={(p) => pages.push(p)} />);
    const outside = screen.getByRole('button', { name: 'Outside the grid' });
    fireEvent.keyDown(outside, { key: 'j' });
    fireEvent.keyDown(screen.getByLabelText('Typing field'), { key: 'j' });
    expect(pages).toEqual([]);
    act(() => outside.focus());
    fireEvent.keyDown(outside, { key: 'ArrowRight', altKey: true });
    expect(pages).toEqual([1]);
    // Paging from outside the grid leaves the focus where it was.
    expect(document.activeElement).toBe(outside);
  });
});
