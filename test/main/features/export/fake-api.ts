// A scripted ApiClient for unit tests of the walker and the writers (the sandbox tests use the real one).
import { AppError } from '../../../../src/shared/errors';
import type { CompanyRecord, SearchPage } from '../../../../src/shared/service/schemas';
import type { ApiClient } from '../../../../src/main/platform/api/types';

export function makeRecords(n: number, lateFieldAt = Math.floor(n * 0.8)): CompanyRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const r: CompanyRecord = {
      company_id: `C${String(i).padStart(6, '0')}`,
      name: i % 7 === 0 ? `=HYPERLINK("http://x/${i}")` : `Company ${i}, "Ltd"\nline two`,
      employees: i * 3,
      listed: i % 2 === 0,
      address: { city: `City ${i % 13}`, geo: { lat: i / 10, lon: i === 0 ? 0 : -i / 10 } },
      tags: i % 3 === 0 ? ['a', 'b;c', `t${i}`] : [],
      revenue: i % 5 === 0 ? null : -i * 1.5,
    };
    if (i >= lateFieldAt) r.late_field = `late ${i}`;
    return r;
  });
}

export interface FakeApiOptions {
  pageSize?: number;
  /** Throw this for the n-th search call (1-based), then behave. */
  failCalls?: Map<number, AppError>;
  delayMs?: number;
  /** A broken or hostile service: rewrite the page of the n-th call (1-based) before it is returned. */
  alterPage?: (page: SearchPage, call: number) => SearchPage;
}

/** Tokens are `p<index>`; a request with a token must repeat the session's body and page size. */
export function fakeApi(records: CompanyRecord[], opts: FakeApiOptions = {}) {
  let calls = 0;
  const requests: Array<{ token?: string; pageSize: number }> = [];
  let session: { body: string; pageSize: number } | null = null;
  const api: ApiClient = {
    async search(req, callOpts) {
      calls++;
      requests.push({ token: req.paginationToken, pageSize: req.pageSize });
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (callOpts?.signal?.aborted) throw new AppError('cancelled', 'Cancelled.');
      const failure = opts.failCalls?.get(calls);
      if (failure) throw failure;
      const body = JSON.stringify(req.body);
      if (!req.paginationToken) session = { body, pageSize: req.pageSize };
      else if (!session || session.body !== body || session.pageSize !== req.pageSize) {
        throw new AppError('bad_request', 'Request changed during a pagination session.');
      }
      const start = req.paginationToken ? Number(req.paginationToken.slice(1)) : 0;
      const end = Math.min(records.length, start + req.pageSize);
      const page: SearchPage = {
        pagination: { next: end < records.length ? `p${end}` : null, previous: start > 0 ? `p${Math.max(0, start - req.pageSize)}` : null },
        count: records.length,
        result: records.slice(start, end).map((r) => structuredClone(r)),
      };
      return opts.alterPage ? opts.alterPage(page, calls) : page;
    },
    esgModule: () => Promise.reject(new Error('not used')),
    processingStatus: () => Promise.reject(new Error('not used')),
    match: () => Promise.reject(new Error('not used')),
  };
  return { api, requests, calls: () => calls };
}

export const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
