// Module answers a test chose byte for byte (control only): a raw `result` text per company and
// module, served as a complete answer. Raw text can carry what JSON.stringify cannot produce
// (`1e999`, nesting 100,000 deep, a 5 MB string), so a client's parsing limits can be proven.
import type { EsgModule } from '../../shared/service/schemas';

interface RawResult {
  text: string;
  count: number;
}

export class RawEsgResults {
  private readonly results = new Map<string, RawResult>();

  /**
   * Serve `text` (a JSON array, as raw text) as this module's complete `result`; returns the item
   * count. Throws when the text is not a JSON array.
   */
  set(companyId: string, module: EsgModule, text: string): number {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error('result must be the text of a JSON array');
    }
    if (!Array.isArray(parsed)) throw new Error('result must be the text of a JSON array');
    this.results.set(key(companyId, module), { text, count: parsed.length });
    return parsed.length;
  }

  /** Forget raw answers: all, or one company's (every module). Returns how many. */
  clear(companyId?: string): number {
    if (companyId === undefined) {
      const n = this.results.size;
      this.results.clear();
      return n;
    }
    let n = 0;
    for (const k of [...this.results.keys()]) if (k.startsWith(`${companyId.toLowerCase()}|`) && this.results.delete(k)) n++;
    return n;
  }

  /** The whole module answer (complete, one page) with the raw result spliced in, or null. */
  body(companyId: string, module: EsgModule): string | null {
    const r = this.results.get(key(companyId, module));
    if (!r) return null;
    return `{"pagination":{"next":null,"previous":null},"count":${r.count},"result":${r.text},"company_id":${JSON.stringify(companyId)},"module":"${module}","status":"complete","active_processing_session":null}`;
  }
}

const key = (companyId: string, module: EsgModule) => `${companyId.toLowerCase()}|${module}`;
