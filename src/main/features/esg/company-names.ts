// Names for company ids, so ESG speaks of "Apex Energy GmbH" rather than a UUID (titles, activity,
// notifications). A name the renderer already knows is taken as given; otherwise one search by
// `company_id equals` finds it. Per profile (an id means something only to its service).
import type { ApiClient } from '../../platform/api/types';
import { companyById } from '../../platform/api/company-by-id';

export interface CompanyInfo {
  companyId: string;
  name: string | null;
  country: string | null;
}

/** Names kept; the oldest are forgotten first. */
const MAX_NAMES = 20_000;

export class CompanyNames {
  private readonly known = new Map<string, CompanyInfo>();
  private readonly inflight = new Map<string, Promise<CompanyInfo | null>>();

  constructor(
    private readonly api: () => Promise<ApiClient>,
    private readonly profileId: () => string | null,
  ) {}

  private key(companyId: string): string {
    return `${this.profileId() ?? ''}|${companyId}`;
  }

  /** The name if already known (never asks the service). */
  nameOf(companyId: string): string | undefined {
    return this.known.get(this.key(companyId))?.name ?? undefined;
  }

  remember(companyId: string, name: string | null | undefined, country: string | null = null): void {
    const clean = typeof name === 'string' ? name.trim() : '';
    if (!clean) return;
    const key = this.key(companyId);
    const prev = this.known.get(key);
    this.known.delete(key);
    this.known.set(key, { companyId, name: clean, country: country ?? prev?.country ?? null });
    while (this.known.size > MAX_NAMES) this.known.delete(this.known.keys().next().value as string);
  }

  /**
   * The company's name and country. Null when the service does not know the id; a failure is
   * thrown (and not remembered, so the next look asks again).
   */
  async lookup(companyId: string, signal?: AbortSignal): Promise<CompanyInfo | null> {
    const key = this.key(companyId);
    const hit = this.known.get(key);
    if (hit) return hit;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.fetch(companyId, signal).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  /**
   * Companies whose name contains `text` (one search, page size `limit`): "Find by name" on the ESG
   * screen. Their names are kept, so opening one asks nothing more.
   */
  async find(text: string, limit: number, signal?: AbortSignal): Promise<{ companies: CompanyInfo[]; count: number }> {
    const api = await this.api();
    const page = await api.search({ body: { filters: { and: [{ attribute: 'name', relation: 'contains', value: text }] } }, pageSize: limit }, { signal });
    const companies: CompanyInfo[] = [];
    for (const raw of page.result) {
      const rec = raw as Record<string, unknown>;
      if (typeof rec.company_id !== 'string') continue;
      const name = typeof rec.name === 'string' ? rec.name : null;
      const country = typeof rec.country === 'string' ? rec.country : null;
      this.remember(rec.company_id, name, country);
      companies.push({ companyId: rec.company_id, name, country });
    }
    return { companies, count: page.count };
  }

  /** The company's whole record as the service has it now (never cached: a record moves), or null. */
  async record(companyId: string, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
    const rec = await companyById(await this.api(), companyId, { signal });
    if (rec) this.remember(companyId, typeof rec.name === 'string' ? rec.name : null, typeof rec.country === 'string' ? rec.country : null);
    return rec;
  }

  private async fetch(companyId: string, signal?: AbortSignal): Promise<CompanyInfo | null> {
    const rec = await this.record(companyId, signal);
    if (!rec) return null;
    const name = typeof rec.name === 'string' ? rec.name : null;
    const country = typeof rec.country === 'string' ? rec.country : null;
    this.remember(companyId, name, country);
    return this.known.get(this.key(companyId)) ?? { companyId, name, country };
  }
}
