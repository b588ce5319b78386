// @vitest-environment jsdom
// The one paged table: sorting headers, the select boxes of a row and of the page, the row's name as
// its header, a paged view's row numbers and an interactive table's own attributes, as a screen
// reader and a click see them.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TableColumn } from '../../../../src/renderer/ui/grid/DataTable';

interface Row {
  id: string;
  name: string;
  employees: number;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Apex Energy', employees: 120 },
  { id: 'b', name: 'Birch Foods', employees: 45 },
];
const COLUMNS: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', sort: 'name', rowHeader: true, cell: (r) => r.name },
  { key: 'employees', header: 'Employees', sort: 'employees', num: true, cell: (r) => String(r.employees), title: (r) => `${r.employees} people` },
  { key: 'actions', header: 'Actions', hiddenHeader: true, cell: (r) => <button type="button">Open {r.name}</button> },
];

afterEach(cleanup);

describe('DataTable', () => {
  it('is a table named by its label, each row named by its row header, numbers right-aligned with their tooltip', () => {
    render(<DataTable label="Companies" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Apex Energy', 'Birch Foods']);
    const cell = within(table).getByRole('cell', { name: '120' });
    expect(cell.className).toBe('num');
    expect(cell.getAttribute('title')).toBe('120 people');
    // The actions header is heard, not seen.
    expect(within(table).getByRole('columnheader', { name: 'Actions' }).querySelector('.visually-hidden')).not.toBeNull();
  });

  it('sorts by a header: the sorted column says its direction, a click asks for its field', () => {
    const onSort = vi.fn();
    render(<DataTable label="Companies" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} sort={{ current: { field: 'employees', direction: 'desc' }, onSort }} />);
    expect(screen.getByRole('columnheader', { name: /Employees/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('selects a row, and the page: the page box is ticked only when every row on it is', () => {
    const onChange = vi.fn();
    const selection = { selected: new Set(['a']), onChange, rowLabel: (r: Row) => `Select ${r.name}`, pageLabel: 'Select all on this page' };
    render(<DataTable label="Companies" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} selection={selection} />);
    expect((screen.getByRole('checkbox', { name: 'Select Apex Energy' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Birch Foods' }));
    expect([...(onChange.mock.calls[0]![0] as Set<string>)]).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Apex Energy' }));
    expect([...(onChange.mock.calls[1]![0] as Set<string>)]).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect([...(onChange.mock.calls[2]![0] as Set<string>)]).toEqual(['a', 'b']);
  });

  it('numbers the rows of a paged view for a screen reader (header row first)', () => {
    render(<DataTable label="Companies" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} paging={{ total: 250, first: 101 }} />);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('251');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['102', '103']);
  });

  it('passes an interactive table its own attributes and each row its own', () => {
    const onKeyDown = vi.fn();
    const onClick = vi.fn();
    render(
      <DataTable
        label="Queue"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        tableProps={{ role: 'grid', tabIndex: 0, 'aria-activedescendant': 'row-b', onKeyDown }}
        rowProps={(r) => ({ id: `row-${r.id}`, 'aria-selected': r.id === 'b', onClick: () => onClick(r.id) })}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Queue' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('row-b');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(onKeyDown).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('rowheader', { name: 'Birch Foods' }));
    expect(onClick).toHaveBeenCalledWith('b');
    expect(document.getElementById('row-b')?.getAttribute('aria-selected')).toBe('true');
  });
});
