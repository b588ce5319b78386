// @vitest-environment jsdom
// The company's record beside its ESG (issue 38): opened from a change it is read at once and the
// change is said above it; a company the service no longer has says so; otherwise one click reads it.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompanyRecord, recordLines } from '../../../src/renderer/esg/CompanyRecord';

const APEX = {
  company_id: 'c1',
  name: 'Apex Energy GmbH',
  country: 'DE',
  country_name: 'Germany',
  industry_code: '35.11',
  industry_label: 'Production of electricity',
  legal_form: 'GmbH',
  employee_count: 12_500,
  revenue: 2_500_000_000,
  founding_year: 1998,
  address: { street: 'Hauptstraße 1', postal_code: '01067', city: 'Dresden', country: 'DE' },
};
let asked: string[];
let answer: Record<string, unknown> | null;

beforeEach(() => {
  asked = [];
  answer = APEX;
  (window as unknown as { firmscope: unknown }).firmscope = {
    esg: {
      record: async ({ companyId }: { companyId: string }) => {
        asked.push(companyId);
        return { ok: true, value: answer };
      },
    },
  };
});
afterEach(cleanup);

const show = (fromChange?: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CompanyRecord companyId="c1" fromChange={fromChange} />
    </QueryClientProvider>,
  );

describe('CompanyRecord', () => {
  it('lists what the record holds, in words and the analyst’s formats', () => {
    expect(recordLines(APEX)).toEqual([
      ['Country', 'Germany'],
      ['Industry', 'Production of electricity (35.11)'],
      ['Legal form', 'GmbH'],
      ['Employees', '12,500'],
      ['Revenue', '$2,500,000,000'],
      ['Founded', '1998'],
      ['Address', 'Hauptstraße 1, 01067 Dresden'],
    ]);
  });

  it('opened from a change: reads the record at once and says the change', async () => {
    show('Left the search: No longer matches: Employees 480 (condition: Employees greater than 500)');
    expect(screen.getByTestId('company-record-from').textContent).toBe('Opened from What changed: Left the search: No longer matches: Employees 480 (condition: Employees greater than 500)');
    await waitFor(() => expect(screen.getByTestId('company-record').textContent).toContain('Hauptstraße 1, 01067 Dresden'));
    expect(asked).toEqual(['c1']);
  });

  it('a company the service no longer has says so', async () => {
    answer = null;
    show('Left the search: No longer in the service’s data.');
    await waitFor(() => expect(screen.getByTestId('company-record-gone')).toBeTruthy());
  });

  it('otherwise asks nothing until the analyst asks, and says the cost', async () => {
    show();
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show the company’s record (1 search request)' }));
    await waitFor(() => expect(screen.getByTestId('company-record')).toBeTruthy());
    expect(asked).toEqual(['c1']);
  });
});
