// `searchRaw` for scripted ApiClients: the page their `search` returns, as the bytes a service
// would send, with the outline the real client reads from such bytes.
import type { ApiClient } from '../../src/main/api/types';

export function rawSearchVia(search: ApiClient['search']): ApiClient['searchRaw'] {
  return async (req, opts) => {
    const page = await search(req, opts);
    return {
      bytes: new TextEncoder().encode(JSON.stringify(page)),
      outline: { next: page.pagination.next ?? null, count: page.count, length: page.result.length },
    };
  };
}
