// @vitest-environment jsdom
// Issue 27, the grid: the first column is pinned (always mounted, even scrolled far right), the
// focused column resizes with Ctrl+Shift+arrows into the column choices, density toggles, and the
// column chooser finds a column by label or field name.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../../../src/shared/service/schemas';
import { densityOf, emptyPrefs, findColumns, setDensity, WIDTH_STEP, type ColumnPrefs } from '../../../../src/renderer/ui/grid/column-prefs';
import { ResultGrid } from '../../../../src/renderer/ui/grid/ResultGrid';
import { fieldLabel } from '../../../../src/shared/service/catalogue';

const many = Array.from({ length: 30 }, (_, i) => `extra_${String(i).padStart(2, '0')}`);
const available = ['name', 'company_id', 'revenue', ...many];
const rows: CompanyRecord[] = [1, 2, 3].map((n) => ({ company_id: `0000000${n}-8d4a-4c1e-9a0b-3e5d7f9a1b2c`, name: `Company ${n}`, revenue: n * 1000, ...Object.fromEntries(many.map((c) => [c, n])) }));

let seen: ColumnPrefs[] = [];
function Harness() {
  const [prefs, setPrefs] = useState<ColumnPrefs>(emptyPrefs());
  return (
    <ResultGrid
      rows={rows}
      firstRow={1}
      available={available}
      prefs={prefs}
      onPrefsChange={(p) => {
        seen.push(p);
        setPrefs(p);
      }}
      onOpen={() => {}}
    />
  );
}

beforeEach(() => {
  seen = [];
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the result grid', () => {
  it('keeps the first column mounted and pinned when scrolled to the far right', () => {
    render(<Harness />);
    const scroller = document.querySelector('.grid__scroll') as HTMLElement;
    scroller.scrollLeft = 20_000;
    fireEvent.scroll(scroller);
    const headers = screen.getAllByRole('columnheader');
    expect(headers[1]!.textContent).toContain('Name');
    expect(headers[1]!.className).toContain('grid__cell--pinned');
    // Far-right columns are mounted too, with a spacer between them and the pinned one.
    expect(headers.some((h) => h.getAttribute('title')?.startsWith('extra_29'))).toBe(true);
    expect(document.querySelector('.grid__row--head .grid__gap')).not.toBeNull();
  });

  it('Ctrl+Shift+Right / Left resize the focused column by one step, kept in the column choices and said in words', () => {
    render(<Harness />);
    const nameCell = document.querySelector('[data-cell="0:1"]') as HTMLElement;
    nameCell.focus();
    fireEvent.keyDown(nameCell, { key: 'ArrowRight', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(nameCell, { key: 'ArrowRight', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(nameCell, { key: 'ArrowLeft', ctrlKey: true, shiftKey: true });
    expect(seen.map((p) => p.widths.name)).toEqual([240 + WIDTH_STEP, 240 + 2 * WIDTH_STEP, 240 + WIDTH_STEP]);
    expect(screen.getByRole('status').textContent).toBe(`Name column: ${240 + WIDTH_STEP} pixels wide.`);
    // Plain arrows still move the focus, they do not resize.
    fireEvent.keyDown(nameCell, { key: 'ArrowRight' });
    expect(seen).toHaveLength(3);
  });

  it('"Compact rows" toggles the density, shown as pressed', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Compact rows' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(seen.at(-1)?.density).toBe('compact');
    expect(screen.getByRole('button', { name: 'Compact rows' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.grid')?.className).toContain('grid--compact');
  });
});

describe('column choices', () => {
  it('finds columns by any words of the label or the field name', () => {
    expect(findColumns(['name', 'revenue', 'employee_count', 'address.city'], 'reven', fieldLabel)).toEqual(['revenue']);
    expect(findColumns(['name', 'revenue', 'employee_count', 'address.city'], 'employee', fieldLabel)).toEqual(['employee_count']);
    expect(findColumns(['name', 'revenue', 'address.city'], 'address city', fieldLabel)).toEqual(['address.city']);
    expect(findColumns(['name', 'revenue'], '  ', fieldLabel)).toEqual(['name', 'revenue']);
  });

  it('stores only a compact density (comfortable is the default)', () => {
    const compact = setDensity(emptyPrefs(), 'compact');
    expect(compact.density).toBe('compact');
    expect(densityOf(compact)).toBe('compact');
    expect('density' in setDensity(compact, 'comfortable')).toBe(false);
    expect(densityOf(emptyPrefs())).toBe('comfortable');
  });
});
