// The request log as support receives it: its copy and file say what is kept, one line per call.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src/shared/bridge/groups/diagnostics';
import { LOG_KEEPS, logAsJson, logAsText, logFileName } from '../../../src/renderer/diagnostics/log-text';

const entries: RequestLogEntry[] = [
  { id: 1, at: Date.UTC(2026, 10, 23, 14, 5), method: 'POST', host: 'h:1', path: '/api/search/v1/companies?page_size=10&pagination_token=…', status: 401, durationMs: 12, attempt: 1, error: 'invalid_token', message: 'The access token\nhas expired', curl: 'curl …' },
  { id: 2, at: Date.UTC(2026, 10, 23, 14, 6), method: 'GET', host: 'h:1', path: '/x', durationMs: 3, attempt: 2, errorClass: 'timeout', message: 'No answer within 30 s', curl: 'curl …' },
];

describe('request log text', () => {
  it('states exactly which query values it keeps (page_size, and no others)', () => {
    expect(LOG_KEEPS).toContain('the value of page_size');
    expect(LOG_KEEPS).toContain('other query parameters by name only');
    expect(LOG_KEEPS).not.toMatch(/query values are never/i);
  });

  it('copies as one header and one tab-separated line per call, with error and message', () => {
    const lines = logAsText(entries).trimEnd().split('\n');
    expect(lines[0]).toContain(LOG_KEEPS);
    expect(lines[1]).toBe('time\tmethod\thost\tpath\tstatus\tms\tattempt\terror\tmessage');
    expect(lines[2]!.split('\t')).toEqual(['2026-11-23T14:05:00.000Z', 'POST', 'h:1', '/api/search/v1/companies?page_size=10&pagination_token=…', '401', '12', '1', 'invalid_token', 'The access token has expired']);
    expect(lines[3]!.split('\t').slice(7)).toEqual(['timeout', 'No answer within 30 s']);
  });

  it('saves as a JSON file named for its time, with the app version and every entry', () => {
    const file = JSON.parse(logAsJson(entries, { version: '0.1.0', shell: 'browser', vaultKind: 'memory' }, Date.UTC(2026, 10, 23, 14, 7)));
    expect(file).toMatchObject({ app: 'Firmscope', version: '0.1.0', shell: 'browser', keeps: LOG_KEEPS, savedAt: '2026-11-23T14:07:00.000Z' });
    expect(file.entries).toEqual(entries);
    expect(logFileName(new Date(2026, 10, 23, 14, 7).getTime())).toBe('firmscope-request-log-2026-11-23-1407.json');
  });
});
