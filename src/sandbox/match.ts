// POST {base_url}/match/v5/companies: ranks companies against a name plus optional website,
// country, city, phone and address (payload documented in docs/service-defaults.md).
import type { FastifyInstance } from 'fastify';
import { MatchRequestSchema } from '../shared/service/schemas';
import { badRequest } from './api-errors';
import { API_PREFIX, type SandboxContext } from './context';
import type { Dataset } from './dataset';

export const MATCH_PATH = '/match/v5/companies';
const STOP_WORDS = new Set(['and', 'the', 'of', 'for', '&', 'inc', 'llc', 'ltd', 'plc', 'gmbh', 'ag', 'sa', 'sas', 'bv', 'corp', 'co', 'group']);

export function nameTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0 && !STOP_WORDS.has(t));
}

function domainOf(url: string): string {
  return url.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').split(/[/?#:]/)[0] ?? '';
}

const digitsOf = (s: string) => s.replace(/\D+/g, '');

export class MatchIndex {
  private readonly byToken = new Map<string, number[]>();
  private readonly byDomain = new Map<string, number>();
  private readonly tokens: string[][];

  constructor(private readonly dataset: Dataset) {
    this.tokens = dataset.companies.map((c, i) => {
      const toks = [...new Set(nameTokens(c.name))];
      for (const t of toks) {
        let list = this.byToken.get(t);
        if (!list) this.byToken.set(t, (list = []));
        list.push(i);
      }
      if (c.website_domain) this.byDomain.set(c.website_domain, i);
      return toks;
    });
  }

  match(req: { name: string; website?: string; country?: string; city?: string; phone?: string; address?: string; limit?: number }) {
    const want = [...new Set(nameTokens(req.name))];
    const candidates = new Set<number>();
    for (const t of want) for (const i of this.byToken.get(t) ?? []) candidates.add(i);
    const domainHit = req.website ? this.byDomain.get(domainOf(req.website)) : undefined;
    if (domainHit !== undefined) candidates.add(domainHit);
    const scored: { i: number; confidence: number }[] = [];
    for (const i of candidates) {
      // Candidates are indexes of dataset.companies, and tokens has one entry per company.
      const c = this.dataset.companies[i]!;
      const have = this.tokens[i]!;
      const common = want.filter((t) => have.includes(t)).length;
      const union = new Set([...want, ...have]).size || 1;
      let score = 0.7 * (common / union);
      if (domainHit === i) score += 0.25;
      if (req.country && req.country.trim().toUpperCase() === c.country) score += 0.05;
      if (req.city && c.city && req.city.trim().toLowerCase() === c.city.toLowerCase()) score += 0.05;
      if (req.phone && c.phone && digitsOf(req.phone).length >= 6 && digitsOf(req.phone) === digitsOf(c.phone)) score += 0.1;
      if (req.address && c.address && req.address.toLowerCase().includes(c.address.street.toLowerCase())) score += 0.03;
      const confidence = Math.min(1, Math.round(score * 1000) / 1000);
      if (confidence >= 0.2) scored.push({ i, confidence });
    }
    scored.sort((a, b) => b.confidence - a.confidence || a.i - b.i);
    return scored.slice(0, req.limit ?? 5);
  }
}

export function registerMatchRoute(app: FastifyInstance, ctx: SandboxContext): void {
  // Built on first use (most sandbox runs never match), again for each new data epoch.
  let index: { dataset: Dataset; index: MatchIndex } | null = null;
  app.post(`${API_PREFIX}${MATCH_PATH}`, async (req, reply) => {
    ctx.stats.match();
    const parsed = MatchRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue?.path.length ? `${issue.path.join('.')}: ${issue.message}` : 'The body must be a JSON object with at least "name"', issue?.path.join('.') || 'body');
    }
    const dataset = ctx.data.current();
    if (index?.dataset !== dataset) index = { dataset, index: new MatchIndex(dataset) };
    const hits = index.index.match(parsed.data);
    const parts = hits.map((h) => `{"confidence":${h.confidence},"company":${dataset.recordJson(h.i)}}`);
    return reply.type('application/json; charset=utf-8').send(`{"count":${hits.length},"result":[${parts.join(',')}]}`);
  });
}
