// Cheap render checks without a DOM: static markup of the shared components.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors';
import { ErrorMessage } from '../../../src/renderer/ui/ErrorMessage';
import { TextField } from '../../../src/renderer/ui/Field';
import { TestReportView } from '../../../src/renderer/profiles/TestReportView';
import { RequestLogTable } from '../../../src/renderer/diagnostics/RequestLogTable';
import { mergeNotices } from '../../../src/renderer/app/Notices';
import { upsertBy } from '../../../src/renderer/data/useEventIntoQuery';
import { toDisplayError } from '../../../src/renderer/ui/errors';

describe('ErrorMessage', () => {
  it('shows message and code, and Retry only when retryable', () => {
    const retryable = renderToStaticMarkup(
      <ErrorMessage error={new AppError('server_error', 'The service failed (HTTP 503).', { retryable: true, details: { status: 503 } })} onRetry={() => {}} />,
    );
    expect(retryable).toContain('role="alert"');
    expect(retryable).toContain('The service failed (HTTP 503).');
    expect(retryable).toContain('<code>server_error</code>');
    expect(retryable).toContain('· HTTP 503');
    expect(retryable).toContain('>Retry</button>');
    const final = renderToStaticMarkup(<ErrorMessage error={{ code: 'forbidden', message: 'No access.', retryable: false }} onRetry={() => {}} />);
    expect(final).not.toContain('Retry');
  });

  it('never shows the text of an unknown error (it could hold anything)', () => {
    expect(toDisplayError(new Error('Bearer abc.def'))).toEqual({ code: 'internal', message: 'Something went wrong in this screen.', retryable: false });
  });
});

describe('TextField', () => {
  it('ties label, error and hint to the input', () => {
    const html = renderToStaticMarkup(<TextField label="Auth URL" error="Enter a URL" hint="e.g. https://a" value="" onChange={() => {}} />);
    const id = /<input[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}" class="field__label">Auth URL</label>`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error ${id}-hint"`);
  });
});

describe('TestReportView', () => {
  it('renders one line per step with outcome and timing', () => {
    const html = renderToStaticMarkup(
      <TestReportView
        report={{
          profileId: 'sandbox',
          ok: false,
          steps: [
            { step: 'discovery', ok: true, skipped: true, ms: 0, message: 'Discovery not enabled' },
            { step: 'token', ok: false, ms: 41.6, message: 'Invalid client credentials' },
            { step: 'api', ok: false, skipped: true, ms: 0, message: 'Skipped: no token' },
          ],
        }}
      />,
    );
    expect(html).toContain('Connection test failed');
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html).toContain('data-step="token" data-outcome="failed"');
    expect(html).toContain('42 ms');
    expect(html).toContain('data-step="discovery" data-outcome="skipped"');
  });
});

describe('RequestLogTable', () => {
  it('lists newest first with column headers', () => {
    const html = renderToStaticMarkup(
      <RequestLogTable
        entries={[
          { id: 1, at: 1000, method: 'POST', host: '127.0.0.1:1', path: '/oauth2/token', status: 200, durationMs: 12, attempt: 1, curl: 'curl -X POST' },
          { id: 2, at: 2000, method: 'GET', host: '127.0.0.1:2', path: '/esg/v1/processing/…', status: 403, durationMs: 30, attempt: 1, error: 'forbidden', message: 'This client has no access to the ESG API', curl: 'curl -X GET' },
        ]}
      />,
    );
    for (const h of ['Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Error', 'Message', 'cURL']) expect(html).toContain(`>${h}</th>`);
    // A 403 shows the service's error and message, and each row copies as cURL.
    expect(html).toContain('>forbidden</td>');
    expect(html).toContain('>This client has no access to the ESG API</td>');
    expect(html.match(/>Copy as cURL</g)).toHaveLength(2);
    expect(html.indexOf('/esg/v1/processing')).toBeLessThan(html.indexOf('/oauth2/token'));
    expect(html).toContain('log-row--warn');
  });
});

describe('helpers', () => {
  it('mergeNotices drops duplicates by id and by message', () => {
    const a = { id: 'vault', level: 'warning' as const, message: 'Secrets kept in memory for this run only.' };
    expect(mergeNotices([a], [a, { ...a, id: 'other' }], [{ id: 'x', level: 'info', message: 'Hi' }]).map((n) => n.id)).toEqual(['vault', 'x']);
    // The vault notice pushed as an event (notice-1) and read from the connection status ('vault').
    expect(mergeNotices([{ ...a, id: 'notice-1' }], [], [a]).map((n) => n.id)).toEqual(['notice-1']);
  });
  it('upsertBy replaces in place or prepends', () => {
    const key = (j: { id: string }) => j.id;
    expect(upsertBy([{ id: 'a', n: 1 }], { id: 'a', n: 2 }, key)).toEqual([{ id: 'a', n: 2 }]);
    expect(upsertBy([{ id: 'a', n: 1 }], { id: 'b', n: 1 }, key).map(key)).toEqual(['b', 'a']);
    expect(upsertBy(undefined, { id: 'a' }, key)).toEqual([{ id: 'a' }]);
  });
});
