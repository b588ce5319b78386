// Test connection's report: each permission on its own, "no access" distinct from a failure.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { permissionSummary, TestReportView } from '../../../src/renderer/profiles/TestReportView';
import type { TestReport } from '../../../src/shared/profile';

const searchOnly: TestReport = {
  profileId: 'p',
  ok: true,
  steps: [
    { step: 'discovery', ok: true, skipped: true, ms: 0, message: 'Not used' },
    { step: 'token', ok: true, ms: 20, message: 'Signed in' },
    { step: 'api', ok: true, ms: 30, message: 'Search access. Ran country equals US, page_size=1 (POST /search/v1/companies): 9 matching companies.' },
    { step: 'esg', ok: false, noAccess: true, ms: 10, message: 'ESG: no access (403).' },
    { step: 'match', ok: true, ms: 15, message: 'Match access.' },
  ],
};

describe('TestReportView', () => {
  it('shows the search-only client as "ESG: no access", with search and match allowed', () => {
    expect(permissionSummary(searchOnly)).toBe('Search: access · ESG: no access · Match: access');
    const html = renderToStaticMarkup(<TestReportView report={searchOnly} />);
    expect(html).toContain('Connection test passed');
    expect(html).toContain('data-step="esg" data-outcome="no access"');
    expect(html).toContain('>ESG access</span>');
    expect(html).toContain('Ran country equals US');
  });
});
